package sweeplike_payload // want package:"queues\\(public.jobs\\)"

// At most once: the job is read with its payload and marked completed
// before it runs. The payload goes to work: a claim, not a sweep.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) (int64, []byte, error) { // want Take:"claims jobs"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, nil, err
	}
	defer tx.Rollback(ctx)
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		return 0, nil, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'completed' WHERE id = $1`, id); err != nil {
		return 0, nil, err
	}
	return id, payload, tx.Commit(ctx)
}
