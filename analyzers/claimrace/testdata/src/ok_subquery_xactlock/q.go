// One statement whose subquery takes no lock, run after a transaction-scoped
// advisory lock on the queue in the same transaction: one claimer per queue
// at a time.
package ok_subquery_xactlock

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, queue string) (id int64, err error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext($1))`, queue); err != nil {
		return 0, err
	}
	err = tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1) RETURNING id`, queue).Scan(&id)
	return id, err
}
