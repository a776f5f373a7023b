// The advance's row count is read, but the advance does not compare the
// next run time it read: the second scheduler's advance matches the row
// too, and both enqueue.
package due_cron_nocompare

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Enqueuer interface {
	Enqueue(ctx context.Context, kind string) error
}

func Promote(ctx context.Context, pool *pgxpool.Pool, q Enqueuer, every time.Duration) error {
	rows, err := pool.Query(ctx, `SELECT id, kind FROM cron_schedules WHERE next_run_at <= now()`) // want `two schedulers take the same due job, and both run it`
	if err != nil {
		return err
	}
	type schedule struct {
		id   int64
		kind string
	}
	var due []schedule
	for rows.Next() {
		var s schedule
		if err := rows.Scan(&s.id, &s.kind); err != nil {
			rows.Close()
			return err
		}
		due = append(due, s)
	}
	rows.Close()
	for _, s := range due {
		tag, err := pool.Exec(ctx, `UPDATE cron_schedules SET next_run_at = now() + $2 WHERE id = $1`, s.id, every)
		if err != nil || tag.RowsAffected() == 0 {
			continue
		}
		if err := q.Enqueue(ctx, s.kind); err != nil {
			return err
		}
	}
	return nil
}
