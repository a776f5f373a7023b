// One statement takes the job, with the table name from a struct field and
// the batch size spliced in with %d.
package ok_sprintf

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
	batch int
}

func (q *Queue) Claim(ctx context.Context) ([]int64, error) {
	rows, err := q.pool.Query(ctx, fmt.Sprintf(`UPDATE %[1]s SET status = 'running'
		WHERE id IN (SELECT id FROM %[1]s WHERE status = 'queued' ORDER BY run_at LIMIT %[2]d FOR UPDATE SKIP LOCKED)
		RETURNING id`, q.table, q.batch))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
