// The same queue library, whose worker takes the next job with FOR UPDATE
// SKIP LOCKED in the UPDATE that marks it, on the table the method names.
package ok_gofuncname

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Queues struct {
	pool   *pgxpool.Pool
	prefix string
}

func New(pool *pgxpool.Pool, prefix string) *Queues {
	return &Queues{pool: pool, prefix: prefix}
}

func (q *Queues) jobsTable(queue string) string {
	return q.prefix + "_jobs_" + queue
}

func (q *Queues) Next(ctx context.Context, queue string) (int64, error) {
	var id int64
	err := q.pool.QueryRow(ctx, `UPDATE `+q.jobsTable(queue)+` SET state = 'taken' WHERE id = (
		SELECT id FROM `+q.jobsTable(queue)+` WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
