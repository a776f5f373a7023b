// Replay reads the job's state back, but goes on for a state a poll takes
// ('retrying', which the claim takes as it takes 'queued'), or whatever
// the state is once it is not 'running': each resets the count of a job
// the workers still retry, so the limit is never reached.
package replaypolled

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status IN ('queued', 'retrying') ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'retrying' WHERE id = $1`, id)
	return err
}

func replay(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status != "retrying" {
		return nil
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id) // want `resets attempts`
	return err
}

func restart(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	if status == "running" {
		return nil
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id) // want `resets attempts`
	return err
}
