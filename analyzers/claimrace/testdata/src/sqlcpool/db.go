// sqlc's generated methods called on the pool: the locking SELECT commits
// as soon as it returns, and the UPDATE races.
package sqlcpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

func (q *Queries) WithTx(tx pgx.Tx) *Queries { return &Queries{db: tx} }

const nextDue = `-- name: NextDue :one
SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED`

func (q *Queries) NextDue(ctx context.Context) (int64, error) {
	var id int64
	err := q.db.QueryRow(ctx, nextDue).Scan(&id)
	return id, err
}

const markRunning = `-- name: MarkRunning :exec
UPDATE jobs SET status = 'running' WHERE id = $1`

func (q *Queries) MarkRunning(ctx context.Context, id int64) error {
	_, err := q.db.Exec(ctx, markRunning, id)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	q := New(pool)
	id, err := q.NextDue(ctx) // want `FOR UPDATE on a pool releases its row lock as soon as the SELECT returns`
	if err != nil {
		return 0, err
	}
	return id, q.MarkRunning(ctx, id)
}
