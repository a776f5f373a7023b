// An outbox created in the state its event's field is only ever given
// ('queued'), claimed through a CTE. An operator's requeue of failed
// events locks them through IN (SELECT ... LIMIT $1 FOR UPDATE SKIP
// LOCKED) too; it moves rows into the state events are created in, takes
// none to run, and however many it moves, each goes back to the queue.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"ok_requeue/event"
)

func Add(ctx context.Context, pool *pgxpool.Pool, e *event.Event) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (data, state) VALUES ($1, $2)`, e.Data, e.State)
	return err
}

func Next(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, `WITH c AS (SELECT id FROM outbox WHERE state = 'queued' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
		UPDATE outbox o SET state = 'sending' FROM c WHERE o.id = c.id RETURNING o.id`, n)
	return err
}

func Sent(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET state = 'sent' WHERE id = $1 AND state = 'sending'`, id)
	return err
}

func Failed(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE outbox SET state = 'failed' WHERE id = $1 AND state = 'sending'`, id)
	return err
}

const requeueSQL = `UPDATE outbox SET state = 'queued'
	WHERE id IN (SELECT id FROM outbox WHERE state = 'failed' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)`

func Requeue(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, requeueSQL, n)
	return err
}
