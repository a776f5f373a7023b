// The flag writes the limit, and the failure path compares it.
package ok_flagread

import (
	"context"
	"flag"

	"github.com/jackc/pgx/v5/pgxpool"
)

type config struct {
	MaxRetries int
}

var cfg config

func init() {
	flag.IntVar(&cfg.MaxRetries, "max-retries", 5, "attempts before a job fails")
}

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, attempts int, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1 WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func failed(ctx context.Context, pool *pgxpool.Pool, id int64, attempts int) error {
	if attempts >= cfg.MaxRetries {
		_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
