// The poll names the states it skips; a btree led by status cannot seek to
// "not done", so every poll walks the finished jobs.
package states_ne

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM jobs j WHERE j.status <> 'done' AND (j.locked_until IS NULL OR j.locked_until < now())
		            ORDER BY j.run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
