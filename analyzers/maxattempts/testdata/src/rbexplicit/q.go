// The claim's row lock is held in a transaction across the work; a failure
// of the handler rolls it back, and the job is taken again on the next
// loop with nothing recorded.
package rbexplicit

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Handler func(ctx context.Context, payload []byte) error

func Work(ctx context.Context, pool *pgxpool.Pool, handle Handler) {
	for ctx.Err() == nil {
		tx, err := pool.Begin(ctx)
		if err != nil {
			continue
		}
		var id int64
		var payload []byte
		err = tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload)
		if err != nil {
			_ = tx.Rollback(ctx)
			continue
		}
		if err := handle(ctx, payload); err != nil {
			log.Printf("job %d: %v", id, err)
			_ = tx.Rollback(ctx) // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
			continue
		}
		if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
			_ = tx.Rollback(ctx)
			continue
		}
		_ = tx.Commit(ctx)
	}
}
