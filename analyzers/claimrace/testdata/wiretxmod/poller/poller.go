// Package poller is an outbox relay that holds the Queries its
// constructor is given: what they run on, the command that builds them
// decides.
package poller

import (
	"context"
	"log"

	"example.com/wiretx/db"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, payload []byte) error
}

type Poller struct {
	queries *db.Queries
	pub     Publisher
}

func New(queries *db.Queries, pub Publisher) *Poller {
	return &Poller{queries: queries, pub: pub}
}

// Poll locks a batch of pending entries and takes each (sending) before
// it publishes it: the rows stay locked until they are taken only when the
// Queries run in a transaction that lasts that long.
func (p *Poller) Poll(ctx context.Context) error {
	entries, err := p.queries.LockPendingOutboxEntries(ctx, 100)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := p.queries.MarkOutboxSending(ctx, e.ID); err != nil {
			return err
		}
		if err := p.pub.Publish(ctx, e.Topic, e.Payload); err != nil {
			log.Printf("publish %d: %v", e.ID, err)
			continue
		}
		if err := p.queries.UpdateOutboxStatus(ctx, db.UpdateOutboxStatusParams{ID: e.ID, Status: "published"}); err != nil {
			log.Printf("mark %d: %v", e.ID, err)
		}
	}
	return nil
}
