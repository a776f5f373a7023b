// A scheduler that keeps the Queries its constructor is given in a field:
// each tick it reads a locked batch, and hands each event to a helper that
// publishes it and then marks it sent (an empty one it marks at once).
// What the statements run on is decided by the command that builds it.
package schedhelper

import (
	"context"
	"log"

	"relaydb"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Worker struct {
	queries *relaydb.Queries
	pub     Publisher
}

func NewWorker(q *relaydb.Queries, pub Publisher) *Worker {
	return &Worker{queries: q, pub: pub}
}

func (w *Worker) Tick(ctx context.Context) {
	events, err := w.queries.FetchPending(ctx, 100)
	if err != nil {
		log.Printf("fetch: %v", err)
		return
	}
	for _, ev := range events {
		w.execute(ctx, ev)
	}
}

func (w *Worker) execute(ctx context.Context, ev relaydb.Event) {
	if len(ev.Payload) == 0 {
		_ = w.queries.MarkSent(ctx, ev.ID) // nothing to publish: drop it
		return
	}
	if err := w.pub.Publish(ctx, ev.Topic, ev.Payload); err != nil {
		log.Printf("publish %d: %v", ev.ID, err)
		return
	}
	if err := w.queries.MarkSent(ctx, ev.ID); err != nil {
		log.Printf("mark %d: %v", ev.ID, err)
	}
}
