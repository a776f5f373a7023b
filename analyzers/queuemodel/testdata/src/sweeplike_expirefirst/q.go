package sweeplike_expirefirst // want package:"queues\\(public.jobs\\)"

// Jobs past their deadline are expired by a helper first; then the next
// job is locked with its payload and handed to the caller, who works it
// under the lock. The expiry before the poll ends other rows, not the ones
// taken: a claim, not a sweep.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func expireLate(ctx context.Context, tx pgx.Tx) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'expired' WHERE status = 'queued' AND deadline < now()`)
	return err
}

func Take(ctx context.Context, pool *pgxpool.Pool) (pgx.Tx, int64, []byte, error) { // want Take:"claims jobs"
	tx, err := pool.Begin(ctx)
	if err != nil {
		return nil, 0, nil, err
	}
	if err := expireLate(ctx, tx); err != nil {
		tx.Rollback(ctx)
		return nil, 0, nil, err
	}
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
		tx.Rollback(ctx)
		return nil, 0, nil, err
	}
	return tx, id, payload, nil
}
