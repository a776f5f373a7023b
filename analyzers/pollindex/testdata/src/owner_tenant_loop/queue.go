// A tenant's worker polls its queue in a loop, one task at a time, each
// taken by a compare-and-set. The index (tenant_id, id) walks that
// tenant's rows, every task it ever ran included: polled again and again,
// the table is a queue whose finished rows the poll walks.
package owner_tenant_loop

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, tenant string, payload []byte) error {
	_, err := pool.Exec(ctx, `INSERT INTO tasks (tenant_id, payload) VALUES ($1, $2)`, tenant, payload)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, tenant string, run func(int64) error) {
	for ctx.Err() == nil {
		var id int64
		err := pool.QueryRow(ctx, `SELECT id FROM tasks WHERE tenant_id = $1 AND status = 'queued' ORDER BY id LIMIT 1`, tenant).Scan(&id)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		tag, err := pool.Exec(ctx, `UPDATE tasks SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
		if err != nil || tag.RowsAffected() == 0 {
			continue
		}
		status := "done"
		if run(id) != nil {
			status = "failed"
		}
		_, _ = pool.Exec(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status)
	}
}
