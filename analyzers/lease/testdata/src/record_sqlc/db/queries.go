// Package db is what sqlc generates for the job runs' queries.
package db

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
	QueryRowContext(context.Context, string, ...interface{}) *sql.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

const createRun = `-- name: CreateRun :one
INSERT INTO job_runs (job_id, status) VALUES ($1, 'queued') RETURNING id
`

func (q *Queries) CreateRun(ctx context.Context, jobID int64) (int64, error) {
	var id int64
	err := q.db.QueryRowContext(ctx, createRun, jobID).Scan(&id)
	return id, err
}

const updateRunStatus = `-- name: UpdateRunStatus :exec
UPDATE job_runs SET status = $2, updated_at = now() WHERE id = $1
`

type UpdateRunStatusParams struct {
	ID     int64
	Status string
}

func (q *Queries) UpdateRunStatus(ctx context.Context, arg UpdateRunStatusParams) error {
	_, err := q.db.ExecContext(ctx, updateRunStatus, arg.ID, arg.Status)
	return err
}
