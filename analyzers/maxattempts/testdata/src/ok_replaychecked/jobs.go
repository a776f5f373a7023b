// The worker gives a job up as 'dead' once its attempts run out, and no
// poll takes a dead job. Replay reads the job's state back and goes on
// only for a dead job: an operator's replay of a job that ended, which
// starts its count again. The state is checked in Go, not in the UPDATE's
// filter.
package ok_replaychecked

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= maxAttempts {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'dead' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}

// replay runs a dead job again; it reports false for a job in any other
// state.
func replay(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return false, err
	}
	defer tx.Rollback(ctx)
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return false, nil
		}
		return false, err
	}
	if status != "dead" {
		return false, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id); err != nil {
		return false, err
	}
	return true, tx.Commit(ctx)
}

// requeue does the same with a switch on the state read back.
func requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	var status string
	if err := pool.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1`, id).Scan(&status); err != nil {
		return err
	}
	switch status {
	case "dead":
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = 0 WHERE id = $1`, id)
		return err
	default:
		return errors.New("job has not ended")
	}
}
