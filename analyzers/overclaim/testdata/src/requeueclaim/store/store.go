// The same outbox, its claim written through IN (SELECT ... LIMIT $1
// FOR UPDATE SKIP LOCKED): it takes events out of the state they are
// created in, and may take more than the LIMIT.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"

	"requeueclaim/event"
)

func Add(ctx context.Context, pool *pgxpool.Pool, e *event.Event) error {
	_, err := pool.Exec(ctx, `INSERT INTO outbox (data, state) VALUES ($1, $2)`, e.Data, e.State)
	return err
}

func Next(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, nextSQL, n) // want `this UPDATE takes the rows of IN \(SELECT ... LIMIT \$1 FOR UPDATE SKIP LOCKED\), which may run more than once`
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

const nextSQL = `UPDATE outbox SET state = 'sending'
	WHERE id IN (SELECT id FROM outbox WHERE state = 'queued' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`

const requeueSQL = `UPDATE outbox SET state = 'queued'
	WHERE id IN (SELECT id FROM outbox WHERE state = 'failed' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)`

func Requeue(ctx context.Context, pool *pgxpool.Pool, n int) error {
	_, err := pool.Exec(ctx, requeueSQL, n)
	return err
}
