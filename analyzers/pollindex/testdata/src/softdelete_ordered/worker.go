// Jobs are finished by their status and soft-deleted only by an operator:
// no statement of the queue writes deleted_at, so every job ever run keeps
// deleted_at NULL. The index on (deleted_at, created_at) gives the poll its
// order over the whole table, done jobs included: each poll walks them.
package softdelete_ordered

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
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
