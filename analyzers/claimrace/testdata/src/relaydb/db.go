// An outbox store in sqlc's shape: Queries run on whatever DBTX New or
// WithTx is given, so this package cannot tell a pool from a transaction.
package relaydb

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryContext(context.Context, string, ...interface{}) (*sql.Rows, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

func (q *Queries) WithTx(tx *sql.Tx) *Queries { return &Queries{db: tx} }

type Event struct {
	ID      int64
	Topic   string
	Payload []byte
}

const insertEvent = `INSERT INTO outbox (topic, payload, status) VALUES ($1, $2, 'pending')`

func (q *Queries) InsertEvent(ctx context.Context, topic string, payload []byte) error {
	_, err := q.db.ExecContext(ctx, insertEvent, topic, payload)
	return err
}

const fetchPending = `SELECT id, topic, payload FROM outbox WHERE status = 'pending' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`

func (q *Queries) FetchPending(ctx context.Context, limit int32) ([]Event, error) { // want FetchPending:`pending claims\(db.go:38\)`
	rows, err := q.db.QueryContext(ctx, fetchPending, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Event
	for rows.Next() {
		var i Event
		if err := rows.Scan(&i.ID, &i.Topic, &i.Payload); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

// NextPending reads the oldest pending event, without a lock.
const nextPending = `SELECT id, topic, payload FROM outbox WHERE status = 'pending' ORDER BY created_at LIMIT 1`

func (q *Queries) NextPending(ctx context.Context) (Event, error) {
	var i Event
	err := q.db.QueryRowContext(ctx, nextPending).Scan(&i.ID, &i.Topic, &i.Payload)
	return i, err
}

// ClaimPending takes the rows it returns, marking them sent as it takes
// them (at most once): one statement, nothing to join.
const claimPending = `UPDATE outbox SET status = 'sent' WHERE id IN (SELECT id FROM outbox WHERE status = 'pending' ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id, topic, payload`

func (q *Queries) ClaimPending(ctx context.Context, limit int32) ([]Event, error) {
	rows, err := q.db.QueryContext(ctx, claimPending, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var items []Event
	for rows.Next() {
		var i Event
		if err := rows.Scan(&i.ID, &i.Topic, &i.Payload); err != nil {
			return nil, err
		}
		items = append(items, i)
	}
	return items, rows.Err()
}

const markSent = `UPDATE outbox SET status = 'sent' WHERE id = $1`

func (q *Queries) MarkSent(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, markSent, id)
	return err
}
