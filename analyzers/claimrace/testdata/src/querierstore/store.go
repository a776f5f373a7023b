// A store whose methods run on a Querier their caller hands them (a pool,
// or a transaction).
package querierstore

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type Job struct {
	ID      int64
	Payload []byte
}

type Repo struct{}

func (Repo) Enqueue(ctx context.Context, q Querier, payload []byte) error {
	_, err := q.Exec(ctx, `INSERT INTO jobs (status, payload) VALUES ('queued', $1)`, payload)
	return err
}

func (Repo) Next(ctx context.Context, q Querier) (Job, error) {
	var j Job
	err := q.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&j.ID, &j.Payload)
	return j, err
}

func (Repo) MarkRunning(ctx context.Context, q Querier, id int64) error {
	_, err := q.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}
