// Package db is what sqlc generates for the crawl jobs' queries.
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

const createCrawlJob = `-- name: CreateCrawlJob :one
INSERT INTO crawl_jobs (url, status) VALUES ($1, 'pending') RETURNING id
`

func (q *Queries) CreateCrawlJob(ctx context.Context, url string) (int64, error) {
	var id int64
	err := q.db.QueryRowContext(ctx, createCrawlJob, url).Scan(&id)
	return id, err
}

const updateJobStatus = `-- name: UpdateJobStatus :exec
UPDATE crawl_jobs SET status = $2, error = $3, updated_at = now() WHERE id = $1
`

type UpdateJobStatusParams struct {
	ID     int64
	Status string
	Error  string
}

func (q *Queries) UpdateJobStatus(ctx context.Context, arg UpdateJobStatusParams) error {
	_, err := q.db.ExecContext(ctx, updateJobStatus, arg.ID, arg.Status, arg.Error)
	return err
}

const requeueStuck = `-- name: RequeueStuck :exec
UPDATE crawl_jobs SET status = 'pending' WHERE status = 'running' AND updated_at < now() - interval '15 minutes'
`

func (q *Queries) RequeueStuck(ctx context.Context) error {
	_, err := q.db.ExecContext(ctx, requeueStuck)
	return err
}
