// The claim records the worker and when it took the job; at start the
// package lists the running jobs and puts every one back, whatever its
// worker does: nothing returns a job whose lease expired while it runs.
package requeueatstart

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'queued')`, payload)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool, worker string) (id int64, err error) {
	// want +1 `this claim writes a lease \(claimed_at\), but no statement in the module returns jobs whose lease expired`
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', worker_id = $1, claimed_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, worker).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func RequeueAll(ctx context.Context, pool *pgxpool.Pool) error {
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
