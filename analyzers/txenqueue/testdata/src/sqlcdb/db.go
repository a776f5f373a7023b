// Package sqlcdb is code as sqlc generates it: queries on a DBTX that
// may be the pool or a transaction.
package sqlcdb

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

func New(db DBTX) *Queries { return &Queries{db: db} }

type Queries struct{ db DBTX }

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

const createUser = `INSERT INTO users (email) VALUES ($1) RETURNING id`

func (q *Queries) CreateUser(ctx context.Context, email string) (int64, error) {
	row := q.db.QueryRow(ctx, createUser, email)
	var id int64
	err := row.Scan(&id)
	return id, err
}

const enqueueJob = `INSERT INTO jobs (kind, user_id) VALUES ($1, $2)`

func (q *Queries) EnqueueJob(ctx context.Context, kind string, userID int64) error {
	_, err := q.db.Exec(ctx, enqueueJob, kind, userID)
	return err
}

const claimJob = `UPDATE jobs SET status = 'running' WHERE id = (
	SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func (q *Queries) ClaimJob(ctx context.Context) (int64, error) {
	row := q.db.QueryRow(ctx, claimJob)
	var id int64
	err := row.Scan(&id)
	return id, err
}
