// A queue library whose table per queue is named by a method from the
// prefix its caller gives and the queue name: the worker reads the next
// job of that table with a plain SELECT, then marks it taken.
package gofuncname

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
	err := q.pool.QueryRow(ctx, `SELECT id FROM `+q.jobsTable(queue)+` WHERE state = 'ready' ORDER BY id LIMIT 1`).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = q.pool.Exec(ctx, `UPDATE `+q.jobsTable(queue)+` SET state = 'taken' WHERE id = $1`, id)
	return id, err
}

// Retrier reads the retry queue's table, named by the same method from a
// field its constructor's caller gives: a name glued from two Go values,
// which only the method's call shape names.
type Retrier struct {
	q     *Queues
	retry string
}

func NewRetrier(q *Queues, retry string) *Retrier { return &Retrier{q: q, retry: retry} }

func (r *Retrier) Next(ctx context.Context) (int64, error) {
	var id int64
	err := r.q.pool.QueryRow(ctx, `SELECT id FROM `+r.q.jobsTable(r.retry)+` WHERE state = 'ready' ORDER BY id LIMIT 1`).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = r.q.pool.Exec(ctx, `UPDATE `+r.q.jobsTable(r.retry)+` SET state = 'taken' WHERE id = $1`, id)
	return id, err
}
