// The limit is exported, but only a fixture under testdata names it: that
// is no code of the module, and nothing reads the limit.
package fixtureonly

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const MaxAttempts = 5 // want `MaxAttempts is declared but no decision reads it`

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued', attempts = attempts + 1 WHERE id = $1`, id)
	return err
}
