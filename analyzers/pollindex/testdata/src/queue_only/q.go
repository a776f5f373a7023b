// The index on queue is credited through the poll's queue = $1, but the
// poll wants the queue's rows in run_at order: it sorts the whole queue.
package queue_only

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE queue = $1 ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}
