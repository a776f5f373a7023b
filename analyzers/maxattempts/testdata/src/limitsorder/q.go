// Defaults copied from another queue's settings, none of them wired to a
// decision: each is reported, in the order they are declared.
package limitsorder

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

var (
	maxAttempts = 25 // want `maxAttempts is declared but no decision reads it`
	maxRetries  = 24 // want `maxRetries is declared but no decision reads it`
)

const (
	retryLimit = 10 // want `retryLimit is declared but no decision reads it`
	maxTries   = 3  // want `maxTries is declared but no decision reads it`
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id)
	return err
}
