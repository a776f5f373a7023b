// The same standing tasks, but the poll takes only the idle ones: with no
// index on status, each poll walks the feeds being fetched before it finds
// an idle one.
package feeds_filtered

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	err = tx.QueryRow(ctx, `SELECT id FROM feeds WHERE status = 'idle' LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `UPDATE feeds SET status = 'fetching' WHERE id = $1`, id)
	return id, err
}

func Done(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE feeds SET status = 'idle', fetched_at = now() WHERE id = $1`, id)
	return err
}
