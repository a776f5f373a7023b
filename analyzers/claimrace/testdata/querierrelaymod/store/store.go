// Package store runs its statements on a DBTX its caller hands it; DB
// wraps the pool and hands it out as one.
package store

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

type DB struct{ db *sql.DB }

func Open(dsn string) (*DB, error) {
	db, err := sql.Open("postgres", dsn)
	if err != nil {
		return nil, err
	}
	return &DB{db: db}, nil
}

// Q hands out the pool itself: each statement run on it commits on its own.
func (d *DB) Q() DBTX { return d.db }

type Event struct {
	ID      int64
	Payload []byte
}

type Outbox struct{}

func (Outbox) Append(ctx context.Context, q DBTX, payload []byte) error {
	_, err := q.ExecContext(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func (Outbox) Unpublished(ctx context.Context, q DBTX, limit int) ([]Event, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, payload FROM outbox WHERE published_at IS NULL ORDER BY id LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Event
	for rows.Next() {
		var e Event
		if err := rows.Scan(&e.ID, &e.Payload); err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (Outbox) MarkPublished(ctx context.Context, q DBTX, id int64) error {
	_, err := q.ExecContext(ctx, `UPDATE outbox SET published_at = now() WHERE id = $1`, id)
	return err
}
