// The claim records the worker and when it took the job; at start the
// package reads the running jobs one row at a time and puts back each one
// a worker holds: reading the next row and checking the worker for nil
// decide nothing about whether the job is stuck.
package requeuerows

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

func RequeueAll(ctx context.Context, pool *pgxpool.Pool, conn *pgxpool.Conn) error {
	rows, err := pool.Query(ctx, `SELECT id, worker_id FROM jobs WHERE status = 'running'`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var worker *string
		if err := rows.Scan(&id, &worker); err != nil {
			return err
		}
		if worker == nil {
			continue
		}
		if _, err := conn.Exec(ctx, `UPDATE jobs SET status = 'queued', worker_id = NULL WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return rows.Err()
}
