// Every row is a standing task (one per feed) that a worker takes when no
// other worker holds it, and rows are never finished or deleted: the poll
// takes any row it can lock, with no filter and no order, so there is no
// finished row for an index to skip.
package accept_anyrow_kept

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	err = tx.QueryRow(ctx, `SELECT id FROM feeds LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
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
