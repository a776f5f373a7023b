// Cron schedules read by their next run time and advanced by key once
// run: a row per schedule, kept for good. It is a due-time queue, but no
// job is ever deleted: the rows are the schedules, not a backlog, and
// this rule does not judge its read.
package accept_due_cron

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

type schedule struct {
	id    int64
	name  string
	every time.Duration
}

func Fire(ctx context.Context, pool *pgxpool.Pool, run func(context.Context, string) error) error {
	rows, err := pool.Query(ctx, `SELECT id, name, every FROM cron_schedules WHERE next_run_at <= now() ORDER BY next_run_at LIMIT 10`)
	if err != nil {
		return err
	}
	var due []schedule
	for rows.Next() {
		var s schedule
		if err := rows.Scan(&s.id, &s.name, &s.every); err != nil {
			rows.Close()
			return err
		}
		due = append(due, s)
	}
	rows.Close()
	for _, s := range due {
		if err := run(ctx, s.name); err != nil {
			continue
		}
		if _, err := pool.Exec(ctx, `UPDATE cron_schedules SET next_run_at = now() + $2 WHERE id = $1`, s.id, s.every); err != nil {
			return err
		}
	}
	return nil
}
