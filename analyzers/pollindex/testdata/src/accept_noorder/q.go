// A poll that takes any runnable job of its queue, in no order: the
// (queue, status) btree leads it straight to one.
package accept_noorder

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE queue = $1 AND status = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, queue).Scan(&id)
	return id, err
}
