// A claim and a reclaim pick each other's states, but nothing here
// finishes a job: its completion is out of sight, so finished jobs may
// stay, and the poll walks them.
package reclaimonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', locked_until = NULL
		WHERE id IN (SELECT id FROM jobs WHERE status = 'running' AND locked_until < now() FOR UPDATE SKIP LOCKED)`)
	return err
}
