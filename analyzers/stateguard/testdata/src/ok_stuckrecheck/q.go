// The reset repeats the scan's filter: a job that finished in between is
// no longer 'processing', and the UPDATE leaves it alone.
package ok_stuckrecheck

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending'
			WHERE id = $1 AND status = 'processing' AND updated_at < now() - interval '1 minute'`, id)
		if err != nil {
			return err
		}
	}
	return nil
}
