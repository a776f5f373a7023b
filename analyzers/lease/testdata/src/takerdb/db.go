// Package takerdb is sqlc's shape for a job table: Take moves a job from
// queued to running by key (compare-and-set), Done and Fail record its
// outcome. Take writes no lease: its callers are judged.
package takerdb

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

const enqueue = `-- name: Enqueue :exec
INSERT INTO jobs (status) VALUES ('queued')`

func (q *Queries) Enqueue(ctx context.Context) error {
	_, err := q.db.Exec(ctx, enqueue)
	return err
}

const next = `-- name: Next :many
SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 10`

func (q *Queries) Next(ctx context.Context) (pgx.Rows, error) {
	return q.db.Query(ctx, next)
}

const take = `-- name: Take :one
UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued' RETURNING id`

func (q *Queries) Take(ctx context.Context, id int64) (int64, error) { // want Take:`pending claims\(db.go:42\)`
	row := q.db.QueryRow(ctx, take, id)
	var got int64
	err := row.Scan(&got)
	return got, err
}

const done = `-- name: Done :exec
UPDATE jobs SET status = 'done' WHERE id = $1`

func (q *Queries) Done(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, done, id)
	return err
}

const fail = `-- name: Fail :exec
UPDATE jobs SET status = 'failed' WHERE id = $1`

func (q *Queries) Fail(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, fail, id)
	return err
}
