// The seed's race with the table name in a struct field, spliced in with
// fmt.Sprintf: the same unlocked SELECT, then an UPDATE by id.
package sprintf

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queue struct {
	pool  *pgxpool.Pool
	table string
}

func NewQueue(pool *pgxpool.Pool, table string) *Queue {
	return &Queue{pool: pool, table: table}
}

func (q *Queue) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := q.pool.QueryRow(ctx, fmt.Sprintf(`SELECT id FROM %s WHERE status = 'queued' ORDER BY run_at LIMIT 1`, q.table)).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = q.pool.Exec(ctx, "UPDATE "+q.table+" SET status = 'running' WHERE id = $1", id)
	return id, err
}
