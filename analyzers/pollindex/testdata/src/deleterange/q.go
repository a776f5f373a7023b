// A queue that deletes its jobs, polled for the due jobs by priority: the
// (run_at, priority) index finds the due rows but holds them in run_at
// order, so every poll reads and sorts all due jobs.
package deleterange

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM jobs WHERE id = (
		SELECT id FROM jobs WHERE run_at <= now() ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
