// Cron schedules advanced by a compare-and-set on the next run time whose
// row count is read before the job is enqueued: of two schedulers that
// read the same schedule, only one advances it and enqueues.
package ok_due_cas

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Enqueuer interface {
	Enqueue(ctx context.Context, kind string) error
}

type schedule struct {
	id    int64
	kind  string
	next  time.Time
	every time.Duration
}

func Promote(ctx context.Context, pool *pgxpool.Pool, q Enqueuer) error {
	rows, err := pool.Query(ctx, `SELECT id, kind, next_run_at, every FROM cron_schedules WHERE next_run_at <= now()`)
	if err != nil {
		return err
	}
	var due []schedule
	for rows.Next() {
		var s schedule
		if err := rows.Scan(&s.id, &s.kind, &s.next, &s.every); err != nil {
			rows.Close()
			return err
		}
		due = append(due, s)
	}
	rows.Close()
	for _, s := range due {
		tag, err := pool.Exec(ctx, `UPDATE cron_schedules SET next_run_at = $3 WHERE id = $1 AND next_run_at = $2`, s.id, s.next, s.next.Add(s.every))
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			continue // another scheduler advanced it first
		}
		if err := q.Enqueue(ctx, s.kind); err != nil {
			return err
		}
	}
	return nil
}
