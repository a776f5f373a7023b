// A multi-tenant queue: each tenant's workers take its queued tasks with
// SKIP LOCKED. The index (tenant_id, id) walks one tenant's rows, but
// those are every task the tenant ever ran: the poll walks its finished
// ones before the first queued.
package owner_tenant_skiplocked

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, tenant string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (tenant_id, payload) VALUES ($1, $2)`, tenant, payload)
	return err
}

func Take(ctx context.Context, pool *pgxpool.Pool, tenant string) (int64, error) {
	var id int64
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, `SELECT id FROM tasks WHERE tenant_id = $1 AND status = 'queued'
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`, tenant).Scan(&id); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `UPDATE tasks SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1`, id)
	return err
}
