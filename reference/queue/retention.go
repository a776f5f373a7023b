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

// retention deletes the jobs finished longer than Retention ago, when the
// worker starts (a worker that lives less than RetentionInterval cleans up
// too) and then every RetentionInterval, until ctx is done. It runs in a
// goroutine and on a connection of its own: a backlog of millions of rows
// to delete takes minutes, and must not hold up the reclaimer or the
// outcomes.
func (w *Worker) retention(ctx context.Context) {
	if w.cfg.Retention < 0 {
		return
	}
	next := time.NewTimer(0)
	defer next.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-next.C:
		}
		n, err := deleteFinished(ctx, w.cleanupConn, w.cfg.Retention, 1000)
		if err != nil && ctx.Err() == nil {
			w.log.Warn("retention cleanup failed", "err", err)
		}
		if n > 0 {
			w.log.Info("deleted finished jobs", "jobs", n)
		}
		next.Reset(w.cfg.RetentionInterval)
	}
}
