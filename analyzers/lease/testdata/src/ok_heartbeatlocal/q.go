// The claim records the worker and when it took the job; the same package
// sweeps: it lists the running jobs and puts back each one whose worker
// has not beaten for a minute, by the beats it is given. No SQL compares a
// time.
package ok_heartbeatlocal

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'queued')`, payload)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1, claimed_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func Sweep(ctx context.Context, pool *pgxpool.Pool, beats map[string]time.Time) error {
	rows, err := pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return err
	}
	type stuck struct {
		id     int64
		worker string
	}
	var found []stuck
	for rows.Next() {
		var s stuck
		if err := rows.Scan(&s.id, &s.worker); err != nil {
			return err
		}
		found = append(found, s)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	for _, s := range found {
		if time.Since(beats[s.worker]) < time.Minute {
			continue
		}
		if err := requeue(ctx, pool, s.id); err != nil {
			return err
		}
	}
	return nil
}

func requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1`, id)
	return err
}
