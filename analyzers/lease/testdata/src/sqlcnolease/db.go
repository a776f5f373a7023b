// sqlc behind DBTX: the claim stamps started_at, which nothing compares.
package sqlcnolease

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	QueryRow(context.Context, string, ...interface{}) pgx.Row
}

type Queries struct{ db DBTX }

const claimJob = `-- name: ClaimJob :one
UPDATE jobs SET status = 'running', started_at = now()
WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
RETURNING id
`

func (q *Queries) ClaimJob(ctx context.Context) (int64, error) {
	var id int64
	err := q.db.QueryRow(ctx, claimJob).Scan(&id) // want `this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired`
	return id, err
}
