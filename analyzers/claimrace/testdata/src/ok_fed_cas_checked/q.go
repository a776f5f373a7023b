// A worker fed job ids by a broker takes each job by a compare-and-set and
// runs it only when the update matched the row.
package ok_fed_cas_checked

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
		tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'processing' WHERE id = $1 AND status = 'pending'`, id)
		if err != nil || tag.RowsAffected() != 1 {
			continue // another consumer has it
		}
		if err := run(id); err != nil {
			pool.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id)
			continue
		}
		pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	}
}
