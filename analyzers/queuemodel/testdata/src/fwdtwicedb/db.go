// Package fwdtwicedb is sqlc-style code over an outbox: the poll locks a
// batch, the marks move a row out of 'pending'.
package fwdtwicedb

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

type Event struct {
	ID   int64
	Body []byte
}

const insertEvent = `INSERT INTO outbox (body, status) VALUES ($1, 'pending')`

func (q *Queries) InsertEvent(ctx context.Context, body []byte) error {
	_, err := q.db.ExecContext(ctx, insertEvent, body)
	return err
}

const fetchPending = `SELECT id, body FROM outbox WHERE status = 'pending' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED`

func (q *Queries) FetchPending(ctx context.Context, limit int32) ([]Event, error) {
	rows, err := q.db.QueryContext(ctx, fetchPending, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Body); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

const markSent = `UPDATE outbox SET status = 'sent' WHERE id = $1`

func (q *Queries) MarkSent(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, markSent, id)
	return err
}

const markArchived = `UPDATE outbox SET status = 'archived' WHERE id = $1`

func (q *Queries) MarkArchived(ctx context.Context, id int64) error {
	_, err := q.db.ExecContext(ctx, markArchived, id)
	return err
}
