// Directives in a migration.
package sqlignore

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at, created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND finished_at > now() - interval '1 hour'`, id)
	return err
}
