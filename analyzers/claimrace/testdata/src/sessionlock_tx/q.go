// A session-level advisory lock taken in the claim's transaction is no
// serialisation of the claim: it is released by pg_advisory_unlock, not by
// the commit, so the next claimer takes it while the UPDATE is still
// uncommitted, reads the same job as queued, and its UPDATE succeeds once
// the first commits (checked on PostgreSQL 15).
package sessionlock_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx) (int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_lock(42)`); err != nil {
		return 0, err
	}
	defer tx.Exec(ctx, `SELECT pg_advisory_unlock(42)`)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

// The try form, checked: the same gap between the unlock and the commit.
func TryClaim(ctx context.Context, tx pgx.Tx, queue string) (int64, bool, error) {
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtext($1))`, queue).Scan(&locked); err != nil || !locked {
		return 0, false, err
	}
	defer tx.Exec(ctx, `SELECT pg_advisory_unlock(hashtext($1))`, queue)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, false, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, true, err
}
