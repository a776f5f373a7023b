// Package db is written as sqlc writes its queries.
package db

import (
	"context"
	"database/sql"
)

type DBTX interface {
	ExecContext(context.Context, string, ...interface{}) (sql.Result, error)
}

type Queries struct{ db DBTX }

const updateJobStatus = `UPDATE jobs SET status = $2 WHERE id = $1`

type UpdateJobStatusParams struct {
	ID     int64
	Status string
}

func (q *Queries) UpdateJobStatus(ctx context.Context, arg UpdateJobStatusParams) error { // want UpdateJobStatus:`record write public.jobs.status = arg 1.Status by arg 1.ID`
	_, err := q.db.ExecContext(ctx, updateJobStatus, arg.ID, arg.Status)
	return err
}
