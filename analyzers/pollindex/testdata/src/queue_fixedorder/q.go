// The poll lists queue first in its ORDER BY, as the index it was written
// for would: queue = $1 fixes it, so the order that matters is run_at, and
// the index on queue alone leaves every poll to sort the whole queue.
package queue_fixedorder

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE queue = $1 ORDER BY queue, run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}
