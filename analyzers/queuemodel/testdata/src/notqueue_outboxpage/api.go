// An admin page over an outbox, with OFFSET, and a by-key fix-up of one
// row: no relay polls it here.
package notqueue_outboxpage

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Page(ctx context.Context, pool *pgxpool.Pool, limit, offset int) error {
	_, err := pool.Query(ctx, `SELECT id, payload FROM events_outbox WHERE published_at IS NULL ORDER BY id LIMIT $1 OFFSET $2`, limit, offset)
	return err
}

func MarkPublished(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE events_outbox SET published_at = now() WHERE id = $1`, id)
	return err
}
