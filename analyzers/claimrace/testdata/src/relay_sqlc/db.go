// sqlc's generated Queries for a notification outbox: the relay that
// calls them lives elsewhere.
package relay_sqlc

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

type Notification struct {
	ID        int64
	Channel   string
	Payload   []byte
	CreatedAt time.Time
}

const insertNotification = `-- name: InsertNotification :exec
INSERT INTO notifications_outbox (channel, payload) VALUES ($1, $2)
`

func (q *Queries) InsertNotification(ctx context.Context, channel string, payload []byte) error {
	_, err := q.db.Exec(ctx, insertNotification, channel, payload)
	return err
}

const listUndispatched = `-- name: ListUndispatched :many
SELECT id, channel, payload, created_at FROM notifications_outbox
WHERE dispatched_at IS NULL
ORDER BY created_at
LIMIT $1
`

func (q *Queries) ListUndispatched(ctx context.Context, limit int32) ([]Notification, error) {
	rows, err := q.db.Query(ctx, listUndispatched, limit) // want `two relays read the same unmarked rows`
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Notification
	for rows.Next() {
		var i Notification
		if err := rows.Scan(&i.ID, &i.Channel, &i.Payload, &i.CreatedAt); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markDispatched = `-- name: MarkDispatched :exec
UPDATE notifications_outbox SET dispatched_at = now() WHERE id = ANY($1::bigint[])
`

func (q *Queries) MarkDispatched(ctx context.Context, ids []int64) error {
	_, err := q.db.Exec(ctx, markDispatched, ids)
	return err
}
