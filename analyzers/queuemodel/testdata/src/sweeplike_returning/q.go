package sweeplike_returning // want package:"queues\\(public.jobs\\)"

// At most once in one statement: marked done as it is taken, its payload
// returned to run. A claim, not a sweep.

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) ([]byte, error) { // want Take:"claims jobs"
	var payload []byte
	err := pool.QueryRow(ctx, `UPDATE jobs SET status = 'done' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING payload`).Scan(&payload)
	return payload, err
}
