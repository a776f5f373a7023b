// The advisory lock is taken only when a queue is named: a claim with no
// queue runs the SELECT and the UPDATE unserialised.
package xactlock_branch

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, queue string) (int64, error) {
	if queue != "" {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, queue); err != nil {
			return 0, err
		}
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

// The lock is held by another transaction than the one that claims: the
// claim's transaction is not serialised by it.
func ClaimOtherTx(ctx context.Context, lockTx, tx pgx.Tx, queue string) (int64, error) {
	if _, err := lockTx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, queue); err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
