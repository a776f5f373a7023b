// A sweep times out runs stuck in 'running', counts them per schedule and
// records the failures on the schedules in the same transaction, then
// commits and returns how many it timed out. The count carries no row: a
// crash before the commit rolls the sweep back, and after it nothing is
// left to do.
package ok_txkeepscount

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

const timeoutSQL = `WITH stale AS (
	SELECT id FROM runs WHERE status = 'running' AND started_at < $1 FOR UPDATE SKIP LOCKED)
UPDATE runs r SET status = 'timed_out', ended_at = $2 FROM stale WHERE r.id = stale.id RETURNING r.schedule_id`

func TimeOutRuns(ctx context.Context, pool *pgxpool.Pool, older time.Duration) (int, error) {
	now := time.Now()
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	rows, err := tx.Query(ctx, timeoutSQL, now.Add(-older), now)
	if err != nil {
		return 0, err
	}
	perSchedule := map[int64]int{}
	for rows.Next() {
		var schedule int64
		if err := rows.Scan(&schedule); err != nil {
			rows.Close()
			return 0, err
		}
		perSchedule[schedule]++
	}
	rows.Close()
	for schedule, n := range perSchedule {
		if _, err := tx.Exec(ctx, `UPDATE schedules SET failures = failures + $2 WHERE id = $1`, schedule, n); err != nil {
			return 0, err
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	total := 0
	for _, n := range perSchedule {
		total += n
	}
	return total, nil
}

// Start records a run the scheduler begins.
func Start(ctx context.Context, pool *pgxpool.Pool, schedule int64) (id int64, err error) {
	err = pool.QueryRow(ctx, `INSERT INTO runs (schedule_id, status, started_at) VALUES ($1, 'running', now()) RETURNING id`, schedule).Scan(&id)
	return id, err
}
