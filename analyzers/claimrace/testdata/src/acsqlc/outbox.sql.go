// Package acsqlc is sqlc's shape for an outbox: its queries run on what
// the caller gives them (New(pool), q.WithTx(tx)). PendingEvents locks the
// unsent rows, which holds them only in a transaction: whether it does is
// decided where it is called, so this package reports nothing.
package acsqlc

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

const addEvent = `-- name: AddEvent :exec
INSERT INTO outbox_events (topic, body, state) VALUES ($1, $2, 'unsent')`

func (q *Queries) AddEvent(ctx context.Context, topic string, body []byte) error {
	_, err := q.db.Exec(ctx, addEvent, topic, body)
	return err
}

const pendingEvents = `-- name: PendingEvents :many
SELECT id, topic, body FROM outbox_events WHERE state = 'unsent' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`

type Event struct {
	ID    int64
	Topic string
	Body  []byte
}

func (q *Queries) PendingEvents(ctx context.Context, limit int32) ([]Event, error) { // want PendingEvents:`pending claims\(outbox.sql.go:43\)`
	rows, err := q.db.Query(ctx, pendingEvents, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Topic, &e.Body); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

const markSent = `-- name: MarkSent :exec
UPDATE outbox_events SET state = 'sent', sent_at = now() WHERE id = $1`

func (q *Queries) MarkSent(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, markSent, id)
	return err
}
