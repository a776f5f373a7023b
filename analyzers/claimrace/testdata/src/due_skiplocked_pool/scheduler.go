// FOR UPDATE SKIP LOCKED on the pool: the read runs in autocommit, so its
// row locks are gone when it returns, long before the DELETE.
package due_skiplocked_pool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

type job struct {
	ID      int64
	Payload []byte
}

func RunDue(ctx context.Context, pool *pgxpool.Pool, h Handler) error {
	rows, err := pool.Query(ctx, `SELECT id, payload FROM scheduled_jobs WHERE run_at <= now() ORDER BY run_at LIMIT 10 FOR UPDATE SKIP LOCKED`) // want `two schedulers run the same due job`
	if err != nil {
		return err
	}
	jobs, err := pgx.CollectRows(rows, pgx.RowToStructByPos[job])
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if err := h(ctx, j.Payload); err != nil {
			continue
		}
		if _, err := pool.Exec(ctx, `DELETE FROM scheduled_jobs WHERE id = $1`, j.ID); err != nil {
			return err
		}
	}
	return nil
}
