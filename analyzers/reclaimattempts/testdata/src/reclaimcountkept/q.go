// The claim returns the count, but to this package's own worker loop,
// which never compares it: no caller out of sight can fail the job.
package reclaimcountkept

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func Work(ctx context.Context, pool *pgxpool.Pool) error {
	id, attempts, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	log.Printf("job %d, attempt %d", id, attempts)
	_, err = pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	return err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`) // want `and counts their attempts, but never compares them with a limit`
	return err
}
