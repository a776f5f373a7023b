// Between locking a row and stamping taken_at on it, the relay logs the
// row's id: a call that cannot fail, which does no job's work. The stamp
// is the claim, committed before the delivery, and nothing takes a row
// back from a relay killed mid-delivery.
package marklogged

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Logger interface {
	Info(msg string, id int64)
}

type Sink interface {
	Deliver(ctx context.Context, topic string, body []byte) error
}

type Relay struct {
	pool *pgxpool.Pool
	log  Logger
	sink Sink
}

func (r *Relay) Once(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	var topic string
	var body []byte
	if err := tx.QueryRow(ctx, `SELECT id, topic, body FROM events WHERE taken_at IS NULL ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &topic, &body); err != nil {
		return err
	}
	r.log.Info("taking event", id)
	if _, err := tx.Exec(ctx, `UPDATE events SET taken_at = now() WHERE id = $1`, id); err != nil { // want `this claim writes a lease \(taken_at\), but no statement in the module returns jobs whose lease expired`
		return err
	}
	if err := tx.Commit(ctx); err != nil {
		return err
	}
	if err := r.sink.Deliver(ctx, topic, body); err != nil {
		return err
	}
	_, err = r.pool.Exec(ctx, `DELETE FROM events WHERE id = $1`, id)
	return err
}
