// A grant ledger: one row per (tenant, user, app), revoked by stamping
// revoked_at. Reading the active row by the whole unique key, with a
// check on the marker and GORM-style ORDER BY id LIMIT 1, picks the one
// row the key names, not the next runnable one: no poll, no queue.
package lookup_keymarker

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Active(ctx context.Context, pool *pgxpool.Pool, tenant, user, app int64) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM consents WHERE tenant_id = $1 AND user_id = $2 AND app_id = $3 AND revoked_at IS NULL ORDER BY id LIMIT 1`, tenant, user, app).Scan(&id)
	return id, err
}

func Revoke(ctx context.Context, pool *pgxpool.Pool, tenant, user, app int64) error {
	_, err := pool.Exec(ctx, `UPDATE consents SET revoked_at = now() WHERE tenant_id = $1 AND user_id = $2 AND app_id = $3 AND revoked_at IS NULL`, tenant, user, app)
	return err
}

func Grant(ctx context.Context, pool *pgxpool.Pool, tenant, user, app int64) error {
	_, err := pool.Exec(ctx, `INSERT INTO consents (tenant_id, user_id, app_id) VALUES ($1, $2, $3)`, tenant, user, app)
	return err
}
