// Package bkoutbox is an outbox in the shape sqlc writes: a Queries type
// behind a Querier interface. A row is pending while published_at is
// NULL; the relay's mark sets it to the clock, read in UTC.
package bkoutbox

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

type Querier interface {
	Insert(ctx context.Context, payload []byte) error
	ClaimBatch(ctx context.Context, limit int32) ([]int64, error)
	MarkPublished(ctx context.Context, id int64) error
	MarkFailed(ctx context.Context, id int64, msg string) error
	Touch(ctx context.Context, id int64) error
	GiveUp(ctx context.Context, id int64, msg string) error
}

var _ Querier = (*Queries)(nil)

func (q *Queries) Insert(ctx context.Context, payload []byte) error {
	_, err := q.db.Exec(ctx, `INSERT INTO outbox (payload) VALUES ($1)`, payload)
	return err
}

func (q *Queries) ClaimBatch(ctx context.Context, limit int32) ([]int64, error) {
	rows, err := q.db.Query(ctx, `SELECT id FROM outbox WHERE published_at IS NULL AND retry_count < 10
		ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`, limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (q *Queries) MarkPublished(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox SET published_at = (now() AT TIME ZONE 'utc') WHERE id = $1`, id)
	return err
}

func (q *Queries) MarkFailed(ctx context.Context, id int64, msg string) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox SET retry_count = retry_count + 1, last_error = $2 WHERE id = $1`, id, msg)
	return err
}

// Touch records when the relay last looked at the row: no state.
func (q *Queries) Touch(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox SET updated_at = (now() AT TIME ZONE 'utc') WHERE id = $1`, id)
	return err
}

// GiveUp ends a row that failed too often: the marker set with the error.
func (q *Queries) GiveUp(ctx context.Context, id int64, msg string) error {
	_, err := q.db.Exec(ctx, `UPDATE outbox SET published_at = now(), last_error = $2 WHERE id = $1`, id, msg)
	return err
}
