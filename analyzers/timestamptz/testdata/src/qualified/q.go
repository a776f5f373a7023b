package qualified

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

// a wrapper of the package's own: its callers' strings are SQL.
func queryID(ctx context.Context, pool *pgxpool.Pool, q string, args ...any) (id int64, err error) {
	err = pool.QueryRow(ctx, q, args...).Scan(&id)
	return id, err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	return queryID(ctx, pool, `UPDATE queue.work_items SET status = 'leased'
		WHERE id IN (SELECT id FROM queue.work_items WHERE status = 'ready' ORDER BY scheduled_for LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`)
}
