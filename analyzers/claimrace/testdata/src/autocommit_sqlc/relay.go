// A relay that runs acsqlc's locked poll on the pool: the locks end when
// the query returns, and the rows are published and marked sent later, by
// another function, while a second relay reads them too.
package autocommit_sqlc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"acsqlc"
)

type Relay struct {
	q       *acsqlc.Queries
	publish func(ctx context.Context, topic string, body []byte) error
}

func (r *Relay) batch(ctx context.Context, pool *pgxpool.Pool) ([]acsqlc.Event, error) {
	q := acsqlc.New(pool)
	return q.PendingEvents(ctx, 100) // want `this call runs the locked poll of acsqlc.\(\*Queries\).PendingEvents \(outbox.sql.go:\d+\) on q, which is not a transaction\nFOR UPDATE on what its caller gives it releases its row locks`
}

func (r *Relay) Once(ctx context.Context, pool *pgxpool.Pool) error {
	events, err := r.batch(ctx, pool)
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := r.publish(ctx, e.Topic, e.Body); err != nil {
			return err
		}
		if err := r.q.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}

// The poll and the mark in turn in one function: the split claim of
// acsqlc's halves, reported once, as such.
func OnceDirect(ctx context.Context, pool *pgxpool.Pool, publish func(context.Context, string, []byte) error) error {
	q := acsqlc.New(pool)
	events, err := q.PendingEvents(ctx, 10) // want `PendingEvents's FOR UPDATE runs on a pool and releases its row lock as soon as the SELECT returns`
	if err != nil {
		return err
	}
	for _, e := range events {
		if err := publish(ctx, e.Topic, e.Body); err != nil {
			return err
		}
		if err := q.MarkSent(ctx, e.ID); err != nil {
			return err
		}
	}
	return nil
}
