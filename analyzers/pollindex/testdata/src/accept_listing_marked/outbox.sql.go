// sqlc's Queries for an outbox whose status is nullable: the poll reads
// every row in a state it does not name, and one UPDATE sets the state.
package accept_listing_marked

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

type Outbox struct {
	ID      int64
	Type    string
	Payload []byte
	Status  pgtype.Text
}

const insertOutboxEvent = `-- name: InsertOutboxEvent :exec
INSERT INTO outbox (type, payload) VALUES ($1, $2)
`

func (q *Queries) InsertOutboxEvent(ctx context.Context, typ string, payload []byte) error {
	_, err := q.db.Exec(ctx, insertOutboxEvent, typ, payload)
	return err
}

const listOutboxEvents = `-- name: ListOutboxEvents :many
SELECT id, type, payload, status FROM outbox
WHERE COALESCE(status, '') NOT IN ('pending', 'processed') AND type = ANY($1::text[])
`

func (q *Queries) ListOutboxEvents(ctx context.Context, types []string) ([]Outbox, error) {
	rows, err := q.db.Query(ctx, listOutboxEvents, types)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Outbox
	for rows.Next() {
		var i Outbox
		if err := rows.Scan(&i.ID, &i.Type, &i.Payload, &i.Status); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const updateOutboxEvent = `-- name: UpdateOutboxEvent :exec
UPDATE outbox SET status = $2 WHERE id = $1
`

type UpdateOutboxEventParams struct {
	ID     int64
	Status pgtype.Text
}

func (q *Queries) UpdateOutboxEvent(ctx context.Context, arg UpdateOutboxEventParams) error {
	_, err := q.db.Exec(ctx, updateOutboxEvent, arg.ID, arg.Status)
	return err
}
