package bulktake_flag // want package:"queues\\(public.schedules\\)"

// A cron table: each row is a recurring job, due at next_run. A tick takes
// every due row that is not running in one statement, flipping running and
// handing the rows to the caller, who runs them and, per row, clears the
// flag and sets the next run. The flag is the job's state: false waiting,
// true taken.

import (
	"context"
	"database/sql"
	"time"
)

type Schedule struct {
	ID      int64
	Command string
}

func Add(ctx context.Context, db *sql.DB, cmd string, next time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO schedules (command, next_run) VALUES ($1, $2)`, cmd, next)
	return err
}

func TakeDue(ctx context.Context, db *sql.DB, now time.Time) ([]Schedule, error) { // want TakeDue:"claims jobs"
	rows, err := db.QueryContext(ctx, `UPDATE schedules SET running = true
		WHERE next_run <= $1 AND NOT running RETURNING id, command`, now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Schedule
	for rows.Next() {
		var s Schedule
		if err := rows.Scan(&s.ID, &s.Command); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

func Done(ctx context.Context, db *sql.DB, id int64, next time.Time) error { // want Done:"completes jobs, writes outcomes"
	_, err := db.ExecContext(ctx, `UPDATE schedules SET running = false, next_run = $1 WHERE id = $2`, next, id)
	return err
}
