// Package poller is an outbox relay that holds the Queries its
// constructor is given: what they run on, the command that builds them
// decides.
package poller

import (
	"context"
	"log"

	"example.com/wire/db"
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

// Poll publishes each pending entry, then marks it published: two
// replicas read the same pending rows, and both publish them.
func (p *Poller) Poll(ctx context.Context) error {
	entries, err := p.queries.GetPendingOutboxEntries(ctx, 100)
	if err != nil {
		return err
	}
	for _, e := range entries {
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
