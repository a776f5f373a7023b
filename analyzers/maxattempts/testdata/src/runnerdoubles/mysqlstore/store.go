// Package mysqlstore is the dispatcher's store on MySQL, which gives a
// delivery up after five attempts.
package mysqlstore

import (
	"context"
	"database/sql"
	"time"

	"runnerdoubles/store"
)

type Queries struct{ db *sql.DB }

func (q *Queries) ClaimDelivery(ctx context.Context) (store.Delivery, error) {
	var d store.Delivery
	err := q.db.QueryRowContext(ctx, "SELECT id, body FROM webhook_deliveries WHERE status = 'pending' LIMIT 1").Scan(&d.ID, &d.Body)
	return d, err
}

func (q *Queries) MarkDelivered(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, "UPDATE webhook_deliveries SET status = 'delivered' WHERE id = ?", id)
	return err
}

func (q *Queries) MarkRetry(ctx context.Context, id int64, next time.Time) error {
	_, err := q.db.ExecContext(ctx, "UPDATE webhook_deliveries SET status = IF(attempts >= 5, 'dead', 'retry'), next_attempt_at = ? WHERE id = ?", next, id)
	return err
}
