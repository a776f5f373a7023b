// Package leasedb is sqlc's shape: its queries run on what the caller gives
// them. ClaimNext stamps started_at and nothing reclaims: whether a dead
// worker's job comes back depends on whether the caller runs the claim in
// a transaction held through the work, so this package reports nothing.
package leasedb

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

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

type Querier interface {
	ClaimNext(ctx context.Context, queue string) (int64, error) // want ClaimNext:`pending claims\(db.go:47\)`
	Finish(ctx context.Context, id int64) error
}

var _ Querier = (*Queries)(nil)

const enqueue = `-- name: Enqueue :exec
INSERT INTO jobs (queue, status) VALUES ($1, 'queued')`

func (q *Queries) Enqueue(ctx context.Context, queue string) error {
	_, err := q.db.Exec(ctx, enqueue, queue)
	return err
}

const claimNext = `-- name: ClaimNext :one
UPDATE jobs SET status = 'running', started_at = now()
WHERE id = (SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id`

func (q *Queries) ClaimNext(ctx context.Context, queue string) (int64, error) { // want ClaimNext:`pending claims\(db.go:47\)`
	row := q.db.QueryRow(ctx, claimNext, queue)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const finish = `-- name: Finish :exec
UPDATE jobs SET status = 'done' WHERE id = $1`

func (q *Queries) Finish(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, finish, id)
	return err
}

// Generated with emit_methods_with_db_argument: the database value is an
// argument.

const claimBatch = `-- name: ClaimBatch :many
UPDATE jobs SET status = 'running'
WHERE id IN (SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' ORDER BY id LIMIT $2 FOR UPDATE SKIP LOCKED)
RETURNING id`

func (q *Queries) ClaimBatch(ctx context.Context, db DBTX, queue string, max int32) (pgx.Rows, error) { // want ClaimBatch:`pending claims\(db.go:70\)`
	return db.Query(ctx, claimBatch, queue, max)
}
