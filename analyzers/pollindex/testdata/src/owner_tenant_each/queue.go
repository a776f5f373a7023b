// A worker goes through the tenants and, for each, takes tasks until the
// tenant has none left: the inner loop binds the same tenant on every
// turn, so the poll walks that tenant's rows, every task it ever ran
// included, again and again.
package owner_tenant_each

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, tenant string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (tenant_id, payload) VALUES ($1, $2)`, tenant, payload)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, tenants []string, run func(int64) error) {
	for ctx.Err() == nil {
		for _, tenant := range tenants {
			for takeOne(ctx, pool, tenant, run) {
			}
		}
		time.Sleep(time.Second)
	}
}

func takeOne(ctx context.Context, pool *pgxpool.Pool, tenant string, run func(int64) error) bool {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM tasks WHERE tenant_id = $1 AND status = 'queued' ORDER BY id LIMIT 1`, tenant).Scan(&id)
	if err != nil {
		return false
	}
	tag, err := pool.Exec(ctx, `UPDATE tasks SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	if err != nil || tag.RowsAffected() == 0 {
		return false
	}
	status := "done"
	if run(id) != nil {
		status = "failed"
	}
	_, _ = pool.Exec(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status)
	return true
}
