// A build record whose only compare-and-set by key moves it to running
// from waiting or from an ended state: a restart an operator asks for,
// with its outcome recorded by key. No statement takes work from the
// states records are created in alone: no queue.
package notqueue_restart

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Add(ctx context.Context, pool *pgxpool.Pool, ref string) error {
	_, err := pool.Exec(ctx, `INSERT INTO builds (ref, status) VALUES ($1, 'waiting')`, ref)
	return err
}

func Restart(ctx context.Context, pool *pgxpool.Pool, id int64) (ref string, err error) {
	err = pool.QueryRow(ctx, `UPDATE builds SET status = 'running' WHERE id = $1 AND status IN ('waiting', 'failed') RETURNING ref`, id).Scan(&ref)
	return ref, err
}

func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE builds SET status = 'succeeded' WHERE id = $1`, id)
	return err
}
