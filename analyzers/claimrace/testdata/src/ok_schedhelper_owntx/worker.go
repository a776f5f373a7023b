// A scheduler that opens its own transaction around the batch: it binds
// the Queries its constructor is given to the transaction, reads the
// locked batch on them, hands them with each event to the helper that
// publishes and marks it, and commits after the marks.
package ok_schedhelper_owntx

import (
	"context"
	"database/sql"
	"log"

	"relaydb"
)

type Publisher interface {
	Publish(ctx context.Context, topic string, body []byte) error
}

type Worker struct {
	db      *sql.DB
	queries *relaydb.Queries
	pub     Publisher
}

func NewWorker(db *sql.DB, q *relaydb.Queries, pub Publisher) *Worker {
	return &Worker{db: db, queries: q, pub: pub}
}

func (w *Worker) Tick(ctx context.Context) error {
	tx, err := w.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	qtx := w.queries.WithTx(tx)
	events, err := qtx.FetchPending(ctx, 100)
	if err != nil {
		return err
	}
	for _, ev := range events {
		w.execute(ctx, qtx, ev)
	}
	return tx.Commit()
}

func (w *Worker) execute(ctx context.Context, q *relaydb.Queries, ev relaydb.Event) {
	if err := w.pub.Publish(ctx, ev.Topic, ev.Payload); err != nil {
		log.Printf("publish %d: %v", ev.ID, err)
		return
	}
	if err := q.MarkSent(ctx, ev.ID); err != nil {
		log.Printf("mark %d: %v", ev.ID, err)
	}
}
