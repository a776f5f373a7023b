// The limit is read by another package of the module.
package ok_elsewhere

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MaxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
