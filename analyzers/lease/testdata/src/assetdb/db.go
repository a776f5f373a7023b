// Package assetdb is sqlc's shape for uploaded media: an asset is created
// pending, made ready once its variants exist, or marked failed. MarkReady
// moves an asset out of pending by key, compare-and-set, and SoftDelete
// moves it on again: read alone, MarkReady is a take its callers judge.
package assetdb

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

const create = `-- name: Create :exec
INSERT INTO assets (id, status) VALUES ($1, 'pending')`

func (q *Queries) Create(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, create, id)
	return err
}

const pending = `-- name: Pending :many
SELECT id FROM assets WHERE status = 'pending' ORDER BY id LIMIT 10`

func (q *Queries) Pending(ctx context.Context) (pgx.Rows, error) {
	return q.db.Query(ctx, pending)
}

const markReady = `-- name: MarkReady :one
UPDATE assets SET status = 'ready', updated_at = now()
WHERE id = $1 AND status = 'pending'
RETURNING id`

func (q *Queries) MarkReady(ctx context.Context, id int64) (int64, error) { // want MarkReady:`pending claims\(db.go:45\)`
	row := q.db.QueryRow(ctx, markReady, id)
	var got int64
	err := row.Scan(&got)
	return got, err
}

const markFailed = `-- name: MarkFailed :exec
UPDATE assets SET status = 'failed', failed_reason = $2 WHERE id = $1`

func (q *Queries) MarkFailed(ctx context.Context, id int64, reason string) error {
	_, err := q.db.Exec(ctx, markFailed, id, reason)
	return err
}

const softDelete = `-- name: SoftDelete :exec
UPDATE assets SET status = 'deleted' WHERE id = $1 AND status <> 'deleted'`

func (q *Queries) SoftDelete(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, softDelete, id)
	return err
}
