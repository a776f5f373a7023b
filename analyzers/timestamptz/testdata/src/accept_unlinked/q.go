// The queue's table name is a struct field. The migration's jobs table has
// a timestamp column, but nothing says the field holds "jobs": the tool
// does not guess that the two are one table.
package accept_unlinked

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
}

func (q *Queue) Claim(ctx context.Context) (id int64, err error) {
	err = q.pool.QueryRow(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'running' WHERE id = (
		SELECT id FROM %[1]s WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, q.table)).Scan(&id)
	return id, err
}
