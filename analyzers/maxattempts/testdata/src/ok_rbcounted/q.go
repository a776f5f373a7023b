// The attempt is counted by the claim, which commits before the work; the
// work then runs under a lock taken by key in a second transaction. Its
// rollback loses nothing: the count survives, and the poll stops taking
// the job at the limit.
package ok_rbcounted

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Once(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	var id int64
	if err := pool.QueryRow(ctx, `UPDATE jobs SET attempts = attempts + 1, status = 'running', locked_until = now() + interval '5 minutes' WHERE id = (SELECT id FROM jobs WHERE (status = 'queued' OR (status = 'running' AND locked_until < now())) AND attempts < 5 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var payload []byte
	if err := tx.QueryRow(ctx, `SELECT payload FROM jobs WHERE id = $1 AND status = 'running' FOR UPDATE`, id).Scan(&payload); err != nil {
		return err
	}
	if err := run(payload); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
