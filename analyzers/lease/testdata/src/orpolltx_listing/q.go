// The claim's locked SELECT takes runnable jobs only. A listing for the
// dashboard selects running jobs whose lease passed beside the queued
// ones, without a lock, and claims nothing: no code takes them back.
package orpolltx_listing

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	err = tx.QueryRow(ctx, `SELECT id FROM jobs
		WHERE status = 'queued'
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	if _, err = tx.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute' WHERE id = $1`, id); err != nil { // want `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// Waiting lists the jobs an operator may want to look at.
func Waiting(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM jobs
		WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
