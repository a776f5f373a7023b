// Once claims a batch and returns on the first failed completion: the
// worker goes on (Run logs the error and claims again at the next tick),
// but the rest of the batch stays claimed and is not run.
package batchreturn

import (
	"context"
	"log"
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

func Once(ctx context.Context, pool *pgxpool.Pool) (int, error) {
	jobs, err := claim(ctx, pool)
	if err != nil {
		return 0, err
	}
	for _, j := range jobs {
		if err := handle(ctx, j); err != nil {
			log.Printf("job %d: %v", j.ID, err)
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, j.ID); err != nil { // want `a failed bookkeeping write abandons the claimed batch here`
			return len(jobs), err
		}
	}
	return len(jobs), nil
}

func Run(ctx context.Context, pool *pgxpool.Pool) {
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			for {
				n, err := Once(ctx, pool)
				if err != nil {
					log.Printf("batch: %v", err)
					break
				}
				if n < 10 {
					break
				}
			}
		}
	}
}
