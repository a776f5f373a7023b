// States coded as integers, bound from Go constants (iota): the completion
// and the failure write by key alone while a reaper takes expired jobs back.
package intstates

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Status int16

const (
	Pending Status = iota
	Processing
	Done
	Failed
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = $1, locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, Processing, Pending).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2, locked_until = NULL WHERE id = $1`, id, Done) // want `this UPDATE sets status to intstates.Done \(2\) by key without re-checking the job's state or its holder`
	return err
}

// Fail reaches the statement through a helper's typed parameter.
func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	return setStatus(ctx, pool, id, Failed)
}

func setStatus(ctx context.Context, pool *pgxpool.Pool, id int64, s Status) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $2 WHERE id = $1`, id, s) // want `this UPDATE sets status to intstates.Failed \(3\) by key without re-checking the job's state or its holder`
	return err
}

func Reap(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = $1, locked_until = NULL WHERE status = $2 AND locked_until < now()`, Pending, Processing)
	return err
}
