// The advisory lock is taken on every path before the claim: in each case
// of a switch, or once before a branch.
package ok_xactlock_cases

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, queue string, global bool) (int64, error) {
	switch {
	case global:
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(42)`); err != nil {
			return 0, err
		}
	default:
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, queue); err != nil {
			return 0, err
		}
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil {
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func ClaimLogged(ctx context.Context, tx pgx.Tx, queue string, verbose bool) (int64, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, queue); err != nil {
		return 0, err
	}
	if verbose {
		println("claiming from", queue)
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1`, queue).Scan(&id); err != nil {
		return 0, err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
