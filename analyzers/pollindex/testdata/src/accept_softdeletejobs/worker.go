// A queue that soft-deletes each job as it finishes: deleted_at IS NULL
// names the jobs still waiting or running, and the index on (deleted_at,
// created_at) starts at them, in the poll's order.
package accept_softdeletejobs

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func claim(ctx context.Context, tx pgx.Tx) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND deleted_at IS NULL ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}

func complete(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done', deleted_at = now() WHERE id = $1`, id)
	return err
}
