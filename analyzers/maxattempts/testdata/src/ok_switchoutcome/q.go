// The outcome of an attempt decided by a helper that returns one of three
// outcomes: the switch on it retries only in the default case, which the
// helper reaches only while attempts are left.
package ok_switchoutcome

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

type outcome int

const (
	succeeded outcome = iota
	deadLetter
	retry
)

func classify(attempts int, err error) outcome {
	if err == nil {
		return succeeded
	}
	if attempts >= maxAttempts {
		return deadLetter
	}
	return retry
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int, err error) error {
	switch classify(attempts, err) {
	case succeeded:
		_, err = pool.Exec(ctx, `DELETE FROM jobs WHERE id = $1`, id)
	case deadLetter:
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
	default:
		_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	}
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, handle func(int64) error) {
	for ctx.Err() == nil {
		id, attempts, err := claim(ctx, pool)
		if err != nil {
			continue
		}
		finish(ctx, pool, id, attempts, handle(id))
	}
}
