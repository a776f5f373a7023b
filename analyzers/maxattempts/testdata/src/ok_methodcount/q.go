// The attempt count comes from a method, compared with a literal limit.
package ok_methodcount

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type job struct {
	id       int64
	attempts int
}

func (j job) Attempts() int { return j.attempts }

func claim(ctx context.Context, pool *pgxpool.Pool) (j job, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&j.id, &j.attempts)
	return j, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, j job) error {
	if j.Attempts() >= 5 {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, j.id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, j.id)
	return err
}
