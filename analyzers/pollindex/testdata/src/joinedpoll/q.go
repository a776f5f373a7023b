// A poll that joins the deliveries it takes with their webhooks, to skip
// those of inactive webhooks: its rows are deliveries, found by their
// status and taken in created_at order. A btree on status alone finds
// them, but every poll sorts all pending deliveries.
package joinedpoll

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
