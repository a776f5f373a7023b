// The poll's OR lets one branch take any row whose lease passed, whatever
// its status: a btree on the status cannot seek to that branch, and the
// poll walks the finished jobs.
package states_or_unpinned

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' OR locked_until < now()
		            ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
