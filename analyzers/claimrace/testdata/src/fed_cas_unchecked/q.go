// A worker fed job ids by a broker takes each job by a compare-and-set
// whose row count it never reads: a redelivered id, or a job another
// consumer took first, runs again.
package fed_cas_unchecked

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool, payload string) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, status) VALUES ($1, 'pending')`, payload)
	return err
}

func Work(ctx context.Context, pool *pgxpool.Pool, ids <-chan int64, run func(int64) error) {
	for id := range ids {
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'processing' WHERE id = $1 AND status = 'pending'`, id); err != nil { // want `compare-and-set claim`
			continue
		}
		if err := run(id); err != nil {
			pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
			continue
		}
		pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	}
}
