// The same batch, claimed again and again by the function that runs it:
// returning the completion's error leaves the loop that claims, and stops
// the worker.
package batchloopreturn

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct{ ID int64 }

func handle(ctx context.Context, j Job) error { return nil }

func claim(ctx context.Context, pool *pgxpool.Pool) ([]Job, error) {
	rows, err := pool.Query(ctx, `UPDATE jobs SET status = 'running' WHERE id IN (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Job
	for rows.Next() {
		var j Job
		if err := rows.Scan(&j.ID); err != nil {
			return nil, err
		}
		out = append(out, j)
	}
	return out, rows.Err()
}

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	for ctx.Err() == nil {
		jobs, err := claim(ctx, pool)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		for _, j := range jobs {
			if handle(ctx, j) != nil {
				continue
			}
			if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, j.ID); err != nil { // want `a failed bookkeeping write stops the worker here`
				return err
			}
		}
	}
	return nil
}
