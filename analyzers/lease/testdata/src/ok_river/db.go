// River's shape: the claim stamps attempted_at; the rescuer finds jobs
// running since before a horizon.
package ok_river

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type DBTX interface {
	Exec(context.Context, string, ...interface{}) (pgconn.CommandTag, error)
	Query(context.Context, string, ...interface{}) (pgx.Rows, error)
}

type Queries struct{ db DBTX }

const jobGetAvailable = `WITH locked_jobs AS (
    SELECT id FROM river_job WHERE state = 'available' ORDER BY priority, id LIMIT $1 FOR UPDATE SKIP LOCKED
)
UPDATE river_job SET state = 'running', attempted_at = coalesce($2::timestamptz, now()) FROM locked_jobs WHERE river_job.id = locked_jobs.id
RETURNING river_job.id`

const jobGetStuck = `SELECT id FROM river_job WHERE state = 'running' AND attempted_at < $1::timestamptz ORDER BY id LIMIT $2`

func (q *Queries) JobGetAvailable(ctx context.Context, max int32) (pgx.Rows, error) {
	return q.db.Query(ctx, jobGetAvailable, max)
}

func (q *Queries) JobGetStuck(ctx context.Context, horizon time.Time, max int32) (pgx.Rows, error) {
	return q.db.Query(ctx, jobGetStuck, horizon, max)
}
