// The commit's error is annotated by a helper: the Commit is still the one
// the early return skips, and the completion is lost with the rollback.
package txwrapcommit

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

// annotate names the job in a non-nil error.
func annotate(err error, id int64) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("job %d: %w", id, err)
}

func work(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id); err != nil {
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		return err
	}
	if err := handle(ctx, id); err != nil {
		return annotate(err, id)
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return annotate(err, id)
	}
	if ctx.Err() != nil {
		return ctx.Err() // want `returns before Commit`
	}
	return annotate(tx.Commit(ctx), id)
}
