// The advisory lock is keyed on the worker, not on what the poll selects:
// two workers hold different locks and still pick the same job.
package xactlock_other

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, worker, queue string) (int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, worker); err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

// pg_try_ returns whether it got the lock; nothing looks, so the claimer
// goes on without it.
func ClaimUnchecked(ctx context.Context, tx pgx.Tx, queue string) (int64, error) {
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1))`, queue).Scan(&locked); err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
