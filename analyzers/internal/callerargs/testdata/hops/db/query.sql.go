// Package db is written as sqlc writes it: a Params struct per query.
package db

import "context"

type DBTX interface {
	ExecContext(ctx context.Context, query string, args ...any) (any, error)
}

type Queries struct{ db DBTX }

const updateJobStatus = `UPDATE crawl_jobs SET status = $2, error = $3 WHERE id = $1`

type UpdateJobStatusParams struct {
	ID     int64
	Status string
	Error  string
}

func (q *Queries) UpdateJobStatus(ctx context.Context, arg UpdateJobStatusParams) error {
	_, err := q.db.ExecContext(ctx, updateJobStatus, arg.ID, arg.Status, arg.Error)
	return err
}
