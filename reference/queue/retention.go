package queue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// deleteFinishedSQL deletes up to $2 jobs that finished more than $1 seconds
// ago. Small batches keep each transaction short: no long lock, no bloat
// burst, and concurrent workers skip each other's rows.
const deleteFinishedSQL = `
DELETE FROM jobs
WHERE id IN (
    SELECT id FROM jobs
    WHERE state IN ('succeeded', 'failed') AND finished_at < now() - $1::float8 * interval '1 second'
    ORDER BY finished_at
    LIMIT $2
    FOR UPDATE SKIP LOCKED
)`

// deleteFinished deletes the jobs finished longer than keep ago, batch by
// batch, and reports how many.
func deleteFinished(ctx context.Context, pool *pgxpool.Pool, keep time.Duration, batch int) (int64, error) {
	var total int64
	for {
		tag, err := pool.Exec(ctx, deleteFinishedSQL, keep.Seconds(), batch)
		if err != nil {
			return total, err
		}
		total += tag.RowsAffected()
		if tag.RowsAffected() < int64(batch) {
			return total, nil
		}
	}
}
