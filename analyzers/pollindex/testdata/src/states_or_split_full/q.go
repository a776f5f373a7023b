// The poll also takes back running jobs whose lease passed; the queued
// arm has a partial index, but the lease index holds every row, finished
// ones too (a finished job keeps its last lease): no index serves the OR.
package states_or_split_full

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR (status = 'running' AND locked_until < now())
		            ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
