// A rescuer in two statements: it finds the jobs stuck in 'processing'
// and puts each back by key. A job whose slow worker finishes in between
// is put back all the same, and runs again.
package stuckreset

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
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id); err != nil { // want `^this reclaim puts a job back by key without re-checking that it is still stuck\na job that finishes between the SELECT that found it and this UPDATE is set to 'pending' again and runs a second time; repeat`
			return err
		}
	}
	return nil
}
