// The relay publishes each event the poll returned, then marks it
// processed, or failed (which the poll reads again).
package relay

import (
	"context"
	"log"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	db "relay_sqlcwrap"
)

type Publisher interface {
	Publish(ctx context.Context, typ string, payload []byte) error
}

type Relay struct {
	q   *db.Queries
	pub Publisher
}

func New(pool *pgxpool.Pool, pub Publisher) *Relay { return &Relay{q: db.New(pool), pub: pub} }

func (r *Relay) Run(ctx context.Context) {
	for ctx.Err() == nil {
		if err := r.once(ctx); err != nil {
			log.Printf("relay: %v", err)
		}
		time.Sleep(time.Second)
	}
}

func (r *Relay) once(ctx context.Context) error {
	events, err := r.q.ListOutboxEvents(ctx, []string{"order.created"}) // want `two relays read the same unmarked rows`
	if err != nil {
		return err
	}
	for _, e := range events {
		status := "processed"
		if err := r.pub.Publish(ctx, e.Type, e.Payload); err != nil {
			status = "failed"
		}
		if err := r.q.UpdateOutboxEvent(ctx, db.UpdateOutboxEventParams{ID: e.ID, Status: pgtype.Text{String: status, Valid: true}}); err != nil {
			return err
		}
	}
	return nil
}
