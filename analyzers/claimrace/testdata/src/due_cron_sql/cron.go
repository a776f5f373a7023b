// Cron schedules on database/sql: the due schedules are read by a Go
// time, each one's job is enqueued, then its next run is written by id.
package due_cron_sql

import (
	"context"
	"database/sql"
	"time"
)

type Enqueuer interface {
	Enqueue(ctx context.Context, kind string, args []byte) error
}

type schedule struct {
	ID   int64
	Kind string
	Args []byte
	Spec time.Duration
}

func Promote(ctx context.Context, db *sql.DB, q Enqueuer, now time.Time) error {
	rows, err := db.QueryContext(ctx, `SELECT id, kind, args, every_seconds FROM cron_schedules WHERE next_run_at <= $1`, now) // want `two schedulers run the same due job`
	if err != nil {
		return err
	}
	var due []schedule
	for rows.Next() {
		var s schedule
		var secs int64
		if err := rows.Scan(&s.ID, &s.Kind, &s.Args, &secs); err != nil {
			rows.Close()
			return err
		}
		s.Spec = time.Duration(secs) * time.Second
		due = append(due, s)
	}
	rows.Close()
	for _, s := range due {
		if err := q.Enqueue(ctx, s.Kind, s.Args); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE cron_schedules SET last_run_at = $2, next_run_at = $3 WHERE id = $1`, s.ID, now, now.Add(s.Spec)); err != nil {
			return err
		}
	}
	return nil
}
