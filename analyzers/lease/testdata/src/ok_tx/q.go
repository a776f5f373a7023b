// The job runs inside the transaction that claimed it: a crash rolls back.
package ok_tx

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Work(ctx context.Context, tx pgx.Tx, run func(int64) error) error {
	var id int64
	if err := tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}
