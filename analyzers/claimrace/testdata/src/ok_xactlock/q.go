// One claimer per queue at a time: a transaction-scoped advisory lock on
// the queue, taken and checked first, serialises the SELECT and the UPDATE
// that follow in the same transaction.
package ok_xactlock

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, queue string) (int64, bool, error) {
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock(hashtext($1))`, queue).Scan(&locked); err != nil || !locked {
		return 0, false, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil {
		return 0, false, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, false, err
	}
	return id, true, nil
}

// A constant key serialises every claimer of every queue: slower, as safe.
func ClaimAny(ctx context.Context, tx pgx.Tx) (int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
