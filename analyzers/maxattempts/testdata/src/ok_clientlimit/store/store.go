// The module's queue: a claim, and a retry its attempt limit bounds.
package store

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

type Job struct {
	ID       int64
	Attempts int
	Chat     string
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (j Job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts, chat`).Scan(&j.ID, &j.Attempts, &j.Chat)
	return j, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, j Job) error {
	if j.Attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, j.ID)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, j.ID)
	return err
}
