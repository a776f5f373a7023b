// The completion returns the time it recorded, read with Scan into err; a
// failed completion aborts the transaction, so returning on its error is
// right.
package ok_txreturning

import (
	"context"
	"errors"
	"log"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

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
		return err
	}
	var finished time.Time
	err = tx.QueryRow(ctx, `UPDATE jobs SET status = 'done', finished_at = now() WHERE id = $1 RETURNING finished_at`, id).Scan(&finished)
	if err != nil {
		return err
	}
	log.Printf("job %d finished at %s", id, finished)
	return tx.Commit(ctx)
}
