// A "latest orders" report has a poll's shape, but nothing in the package
// moves orders between states: not a queue.
package accept_report

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Latest(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `SELECT id FROM orders WHERE status = 'paid' ORDER BY placed_at DESC LIMIT 1`).Scan(&id)
	return id, err
}
