// A config field set by the caller and never compared.
package field

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Config struct {
	MaxAttempts int // want `MaxAttempts is declared but no decision reads it\na job that always fails is retried for ever`
	Queue       string
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, cfg Config, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1 AND queue = $2`, id, cfg.Queue)
	return err
}
