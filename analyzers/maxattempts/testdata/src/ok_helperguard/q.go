// A helper of the package says when a job is out of attempts; the retry
// comes after the early return it guards.
package ok_helperguard

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID       int64
	Attempts int
	Max      int
}

func exhausted(j Job) bool { return j.Attempts >= j.Max }

func claim(ctx context.Context, pool *pgxpool.Pool) (j Job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts, max_attempts`).Scan(&j.ID, &j.Attempts, &j.Max)
	return j, err
}

func giveBack(ctx context.Context, pool *pgxpool.Pool, j Job) error {
	if exhausted(j) {
		_, err := pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, j.ID)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, j.ID)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(Job) error) {
	for ctx.Err() == nil {
		j, err := claim(ctx, pool)
		if err == nil && handle(j) != nil {
			giveBack(ctx, pool, j)
		}
	}
}
