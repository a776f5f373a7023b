// Polls written over several lines: the finding stays at the table, and
// its related position, the poll, sits on the ORDER BY the missing index
// would serve, or on the WHERE of a poll that has no ORDER BY.
package multiline

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `
		SELECT id
		FROM jobs
		WHERE status = 'queued' AND run_at <= now()
		ORDER BY run_at
		LIMIT 1`).Scan(&id)
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
