// Subscriptions lapse in bulk once their period ends, and a payment
// renews one by key: the row goes back to active with a new end. The
// state a lapse moves rows to says no work is under way: no job is taken.
package notqueue_bulkrenew

import (
	"context"
	"database/sql"
	"time"
)

func Subscribe(ctx context.Context, db *sql.DB, user int64, until time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO subscriptions (user_id, status, ends_at) VALUES ($1, 'active', $2)`, user, until)
	return err
}

func Lapse(ctx context.Context, db *sql.DB, now time.Time) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE subscriptions SET status = 'lapsed' WHERE status = 'active' AND ends_at <= $1 RETURNING id, user_id`, now)
}

func Renew(ctx context.Context, db *sql.DB, id int64, until time.Time) error {
	_, err := db.ExecContext(ctx, `UPDATE subscriptions SET status = 'active', ends_at = $2 WHERE id = $1`, id, until)
	return err
}

func Cancel(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE subscriptions SET status = 'cancelled' WHERE id = $1`, id)
	return err
}
