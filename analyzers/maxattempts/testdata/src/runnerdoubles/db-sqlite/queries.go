// Package dbsqlite holds queries generated for SQLite.
package dbsqlite

import (
	"context"
	"database/sql"
	"time"
)

type Queries struct{ db *sql.DB }

func New(db *sql.DB) *Queries { return &Queries{db: db} }

func (q *Queries) ClaimDelivery(ctx context.Context) (int64, []byte, error) {
	var id int64
	var body []byte
	err := q.db.QueryRowContext(ctx, "SELECT id, body FROM webhook_deliveries WHERE status = 'pending' LIMIT 1").Scan(&id, &body)
	return id, body, err
}

func (q *Queries) MarkDelivered(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, "UPDATE webhook_deliveries SET status = 'delivered' WHERE id = ?", id)
	return err
}

func (q *Queries) GiveUp(ctx context.Context, id int64, next time.Time) error {
	_, err := q.db.ExecContext(ctx, "UPDATE webhook_deliveries SET status = 'dead' WHERE id = ?", id)
	return err
}
