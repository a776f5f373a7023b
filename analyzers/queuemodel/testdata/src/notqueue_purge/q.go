// A batched purge of expired sessions: it skips locked rows like a queue,
// but takes nothing to work on (no RETURNING).
package notqueue_purge

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM sessions WHERE id IN (
		SELECT id FROM sessions WHERE expires_at < now() LIMIT 1000 FOR UPDATE SKIP LOCKED)`)
	return err
}
