// The only failure that rolls back comes before the claim: nothing is
// claimed yet, so nothing is put back.
package ok_rbworkfirst

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Config struct{ Queue string }

func load() (Config, error) { return Config{Queue: "default"}, nil }

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	cfg, err := load()
	if err != nil {
		return err
	}
	var id int64
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' AND queue = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, cfg.Queue).Scan(&id, &payload); err != nil {
		return err
	}
	if err := run(payload); err != nil {
		if _, err := tx.Exec(ctx, `UPDATE jobs SET attempts = attempts + 1, last_error = $2, status = CASE WHEN attempts + 1 >= 5 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id, err.Error()); err != nil {
			return err
		}
		return tx.Commit(ctx)
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
