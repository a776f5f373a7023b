// The poll names its table by an alias: t.run_at is the index's run_at,
// and the index on (queue, run_at) hands each poll its queue's rows in
// order.
package accept_alias

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Take(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT t.id FROM tasks t WHERE t.queue = $1 ORDER BY t.run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}
