// The limit reaches only the service's own logger: a log line decides
// nothing, whoever's logger writes it.
package customlogger

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Logger interface {
	Infof(format string, args ...any)
}

const maxRetries = 3 // want `maxRetries is declared but no decision reads it`

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, logger Logger, id int64, n int) error {
	logger.Infof("job %d failed (attempt %d of %d)", id, n, maxRetries)
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
