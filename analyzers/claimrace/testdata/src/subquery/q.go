// One statement, but the subquery takes no lock and the outer WHERE does not re-check.
package subquery

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, conn *pgx.Conn) (id int64, err error) {
	err = conn.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1) RETURNING id`).Scan(&id) // want `the subquery picks the next job without locking it`
	return id, err
}
