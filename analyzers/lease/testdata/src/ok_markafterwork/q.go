// An outbox relay locks a batch of unsent rows, delivers each, and then
// stamps delivered_at on them in the same transaction before it commits.
// The stamp is set once, when the rows are done: it is a terminal marker,
// not a claim. A relay killed mid-batch rolls back, its lock goes, and
// the rows are unsent again: no lease is needed.
package ok_markafterwork

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Sink interface {
	Deliver(ctx context.Context, topic string, body []byte) error
}

type Relay struct {
	pool *pgxpool.Pool
	sink Sink
}

func (r *Relay) Enqueue(ctx context.Context, tx pgx.Tx, topic string, body []byte) error {
	_, err := tx.Exec(ctx, `INSERT INTO events (topic, body) VALUES ($1, $2)`, topic, body)
	return err
}

func (r *Relay) Flush(ctx context.Context) error {
	tx, err := r.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, `SELECT id, topic, body FROM events WHERE delivered_at IS NULL ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED`)
	if err != nil {
		return err
	}
	type event struct {
		id    int64
		topic string
		body  []byte
	}
	var batch []event
	for rows.Next() {
		var e event
		if err := rows.Scan(&e.id, &e.topic, &e.body); err != nil {
			rows.Close()
			return err
		}
		batch = append(batch, e)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var done []int64
	for _, e := range batch {
		if err := r.sink.Deliver(ctx, e.topic, e.body); err != nil {
			return err
		}
		done = append(done, e.id)
	}
	if _, err := tx.Exec(ctx, `UPDATE events SET delivered_at = now() WHERE id = ANY($1)`, done); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
