// sqlc-generated code behind DBTX, with a locking CTE (River's shape).
package ok_sqlc

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

type Queries struct{ db DBTX }

const jobGetAvailable = `-- name: JobGetAvailable :many
WITH locked_jobs AS (
    SELECT id FROM river_job
    WHERE state = 'available' AND queue = $1 AND scheduled_at <= now()
    ORDER BY priority ASC, scheduled_at ASC, id ASC
    LIMIT $2
    FOR UPDATE SKIP LOCKED
)
UPDATE river_job SET state = 'running', attempt = river_job.attempt + 1, attempted_at = now()
FROM locked_jobs WHERE river_job.id = locked_jobs.id
RETURNING river_job.id
`

func (q *Queries) JobGetAvailable(ctx context.Context, queue string, max int32) ([]int64, error) {
	rows, err := q.db.Query(ctx, jobGetAvailable, queue, max)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
