// Rows locked by the values of a unique key, then changed: a refresh token
// rotated, a session extended. No statement picks a runnable row, so
// neither table is a queue.
package lookup_bykey

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Rotate locks one token of a tenant (a key of two columns) and revokes it;
// a concurrent rotation of the same token skips it and fails.
func Rotate(ctx context.Context, pool *pgxpool.Pool, tenant int64, token string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var id int64
		if err := tx.QueryRow(ctx, `SELECT id FROM refresh_tokens WHERE tenant_id = $1 AND token = $2 LIMIT 1 FOR UPDATE SKIP LOCKED`, tenant, token).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1`, id)
		return err
	})
}

// Extend waits for the session's lock (FOR UPDATE, no SKIP LOCKED).
func Extend(ctx context.Context, pool *pgxpool.Pool, id string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT refreshes FROM sessions WHERE session_key = $1 ORDER BY id LIMIT 1 FOR UPDATE`, id).Scan(&n); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE sessions SET refreshes = $2, refreshed_at = now() WHERE session_key = $1`, id, n+1)
		return err
	})
}

func Issue(ctx context.Context, pool *pgxpool.Pool, tenant int64, token string) error {
	_, err := pool.Exec(ctx, `INSERT INTO refresh_tokens (tenant_id, token) VALUES ($1, $2)`, tenant, token)
	return err
}

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM refresh_tokens WHERE revoked`)
	return err
}
