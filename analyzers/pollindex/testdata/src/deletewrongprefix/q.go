// A queue that deletes its jobs, polled in run_at order: the (kind, run_at)
// index holds run_at only within each kind, and the poll fixes no kind.
package deletewrongprefix

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM jobs WHERE id = (
		SELECT id FROM jobs ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
