// The claim takes expired leases back against the worker's clock, passed
// as a parameter and written first: $1 > locked_until.
package ok_orparam

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	now := time.Now()
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = $2
		WHERE id = (SELECT id FROM jobs
		            WHERE status = 'queued' OR (status = 'running' AND $1 > locked_until)
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, now, now.Add(time.Minute)).Scan(&id)
	return id, err
}
