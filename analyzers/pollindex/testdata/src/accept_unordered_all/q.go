// The (queue, status) btree of queue_status_unordered under a poll with no
// LIMIT: it takes every runnable row of the queue, so it reads them all
// whatever the index, and sorting them is no extra walk. An index in the
// poll's order would spare nothing.
package accept_unordered_all

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx, queue string) (pgx.Rows, error) {
	rows, err := tx.Query(ctx, `SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY run_at FOR UPDATE SKIP LOCKED`, queue)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

func Start(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func Complete(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
