// max_attempts comes back with SELECT *: the worker compares it in Go
// before it puts the job back.
package ok_selectstar

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type job struct {
	ID          int64
	Status      string
	Attempts    int
	MaxAttempts int
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var j job
	if err := pool.QueryRow(ctx, `SELECT * FROM jobs WHERE id = $1`, id).Scan(&j.ID, &j.Status, &j.Attempts, &j.MaxAttempts); err != nil {
		return err
	}
	if j.Attempts >= j.MaxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
