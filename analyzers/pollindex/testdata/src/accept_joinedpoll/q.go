// The joined poll of joinedpoll, served in order by a partial index on
// created_at of the pending deliveries: the join with webhooks only skips
// some of the rows the index gives, in order.
package accept_joinedpoll

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	err = tx.QueryRow(ctx, `SELECT d.id FROM deliveries d JOIN webhooks w ON d.webhook_id = w.id
		WHERE w.active AND d.status = 'pending' ORDER BY d.created_at LIMIT 1 FOR UPDATE OF d SKIP LOCKED`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `UPDATE deliveries SET status = 'sending' WHERE id = $1`, id)
	return id, err
}

func Done(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE deliveries SET status = 'sent' WHERE id = $1 AND status = 'sending'`, id)
	return err
}
