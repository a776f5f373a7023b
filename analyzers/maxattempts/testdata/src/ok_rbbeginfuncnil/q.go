// A pgx.BeginFunc callback that logs the handler's error and returns nil:
// BeginFunc commits, so the claim is not rolled back (what the commit
// leaves behind is not this shape).
package ok_rbbeginfuncnil

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Step(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		var payload []byte
		if err := tx.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id, &payload); err != nil {
			return err
		}
		if err := run(payload); err != nil {
			log.Printf("job %d: %v", id, err)
			return nil
		}
		_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
		return err
	})
}
