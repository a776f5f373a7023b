// The same queue with every write fenced by the state it moves jobs from,
// the states bound from Go constants with explicit values, one through a
// helper's parameter; the reaper takes back only the in-progress state.
package ok_intstates

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
func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1, updated = now()
		WHERE id = (SELECT id FROM jobs WHERE status < 2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, StateInProgress).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	return finish(ctx, pool, id, StateSucceeded)
}

func finish(ctx context.Context, pool *pgxpool.Pool, id int64, to State) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1 AND status = $3`, id, to, StateInProgress)
	return err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
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
