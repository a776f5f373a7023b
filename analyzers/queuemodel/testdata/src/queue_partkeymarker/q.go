// The same table read by part of its unique key (tenant and user, any
// app): the oldest unstamped row of the partition is the next one to
// take, a poll, and the table a queue.
package queue_partkeymarker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Next(ctx context.Context, pool *pgxpool.Pool, tenant, user int64) (int64, error) { // want Next:"polls public.consents on pool \\(locked false\\)"
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM consents WHERE tenant_id = $1 AND user_id = $2 AND revoked_at IS NULL ORDER BY id LIMIT 1`, tenant, user).Scan(&id)
	return id, err
}

func Revoke(ctx context.Context, pool *pgxpool.Pool, tenant, user, app int64) error { // want Revoke:"takes public.consents on pool \\(locked false\\)"
	_, err := pool.Exec(ctx, `UPDATE consents SET revoked_at = now() WHERE tenant_id = $1 AND user_id = $2 AND app_id = $3 AND revoked_at IS NULL`, tenant, user, app)
	return err
}

func Grant(ctx context.Context, pool *pgxpool.Pool, tenant, user, app int64) error {
	_, err := pool.Exec(ctx, `INSERT INTO consents (tenant_id, user_id, app_id) VALUES ($1, $2, $3)`, tenant, user, app)
	return err
}
