// The transaction comes from the caller, which commits it: the function's
// returns after the completion are not before a Commit of its own.
package ok_txgiven

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func handle(ctx context.Context, id int64) error { return nil }

func process(ctx context.Context, tx pgx.Tx) error {
	var id int64
	if err := tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	println("done", id)
	return nil
}
