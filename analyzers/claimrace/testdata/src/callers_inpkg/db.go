// A sqlc-shaped claim its own package calls: judged there, at the SQL, as
// any claim of the package.
package callers_inpkg

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

func New(db DBTX) *Queries { return &Queries{db: db} }

const claimNext = `-- name: ClaimNext :one
UPDATE jobs SET status = 'running'
WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1)
RETURNING id`

func (q *Queries) ClaimNext(ctx context.Context) (int64, error) {
	var id int64
	err := q.db.QueryRow(ctx, claimNext).Scan(&id) // want `the subquery picks the next job without locking it`
	return id, err
}

func Work(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	return New(pool).ClaimNext(ctx)
}

const claimOld = `-- name: claimOld :one
UPDATE jobs SET status = 'running'
WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id DESC LIMIT 1)
RETURNING id`

// No other package can call it: judged here.
func (q *Queries) claimOld(ctx context.Context) (int64, error) {
	var id int64
	err := q.db.QueryRow(ctx, claimOld).Scan(&id) // want `the subquery picks the next job without locking it`
	return id, err
}
