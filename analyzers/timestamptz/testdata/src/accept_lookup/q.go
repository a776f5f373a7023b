// Lookups and updates by key are not a queue.
package accept_lookup

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Touch(ctx context.Context, pool *pgxpool.Pool, id string) error {
	var user int64
	if err := pool.QueryRow(ctx, `SELECT user_id FROM sessions WHERE id = $1 AND expires_at > now()`, id).Scan(&user); err != nil {
		return err
	}
	_, err := pool.Exec(ctx, `UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE id = $1`, id)
	return err
}
