// Package store holds the outbox's queries, as sqlc generates them.
package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

type DBTX interface {
	Exec(ctx context.Context, sql string, args ...any) (interface{ RowsAffected() int64 }, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type Queries struct{ db pgx.Tx }

func New(tx pgx.Tx) *Queries { return &Queries{db: tx} }

type Event struct {
	ID       int64
	Kind     string
	Payload  []byte
	Attempts int
}

func (q *Queries) ClaimNext(ctx context.Context) (Event, error) {
	var e Event
	err := q.db.QueryRow(ctx, `UPDATE outbox_events SET status = 'processing', claimed_at = now()
		WHERE id = (SELECT id FROM outbox_events WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, kind, payload, attempts`).Scan(&e.ID, &e.Kind, &e.Payload, &e.Attempts)
	return e, err
}

func (q *Queries) MarkProcessed(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox_events SET status = 'processed' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (q *Queries) ReleaseClaim(ctx context.Context, id int64) error { // want ReleaseClaim:"retries\\(store.go:40\\)"
	_, err := q.db.Exec(ctx, `UPDATE outbox_events SET status = 'pending', claimed_at = NULL WHERE id = $1 AND status = 'processing'`, id)
	return err
}

func (q *Queries) MarkFailed(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox_events SET status = 'failed' WHERE id = $1 AND status = 'processing'`, id)
	return err
}
