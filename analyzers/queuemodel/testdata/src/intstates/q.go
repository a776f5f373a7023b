package intstates // want package:"queues\\(public.jobs\\)"

// Integer-coded states bound from Go constants: a range poll, a helper's
// typed parameter, CASE arms bound as parameters, a deadline computed in Go.

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type State uint8

const (
	StateNew        State = 0
	StateRetry      State = 1
	StateInProgress State = 2
	StateSucceeded  State = 100
	StateDead       State = 99
)

// Claim polls the runnable states by range, as a queue whose open states
// sort before its closed ones does.
func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1, updated = now()
		WHERE id = (SELECT id FROM jobs WHERE status < 2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, StateInProgress).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Complete:"completes jobs"
	return finish(ctx, pool, id, StateSucceeded)
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64, to State) error { // want finish:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = $3`, id, to, StateInProgress)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Fail:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts_left > 0 THEN $2::smallint ELSE $3::smallint END
		WHERE id = $1 AND status = $4`, id, StateRetry, StateDead, StateInProgress)
	return err
}

// Reap takes back jobs whose worker stopped updating them, the deadline
// computed in Go.
func Reap(ctx context.Context, pool *pgxpool.Pool, lost time.Duration) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN attempts_left > 0 THEN $1::smallint ELSE $2::smallint END
		WHERE status = $3 AND updated <= $4`, StateRetry, StateDead, StateInProgress, time.Now().Add(-lost))
	return err
}
