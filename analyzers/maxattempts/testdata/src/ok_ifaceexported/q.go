// A transaction's store and a client that wraps it, both exported: the
// client reaches the store's Requeue through an interface, with no guard,
// but other packages (an admin API, a worker) call either one. The
// package does not decide: the retry is handed on to their callers, the
// client's Requeue included.
package ok_ifaceexported

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type TxStore interface {
	Claim(ctx context.Context) (int64, error)
	Requeue(ctx context.Context, id int64) error // want Requeue:"retries\\(q.go:29\\)"
}

type Tx struct{ tx pgx.Tx }

func (t *Tx) Claim(ctx context.Context) (id int64, err error) {
	err = t.tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (t *Tx) Requeue(ctx context.Context, id int64) error { // want Requeue:"retries\\(q.go:29\\)"
	_, err := t.tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

type Client struct {
	pool *pgxpool.Pool
	wrap func(pgx.Tx) TxStore
}

func (c *Client) Requeue(ctx context.Context, id int64) error { // want Requeue:"retries\\(q.go:29\\)"
	return pgx.BeginFunc(ctx, c.pool, func(tx pgx.Tx) error {
		return c.wrap(tx).Requeue(ctx, id)
	})
}
