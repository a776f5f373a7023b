package ok_bulktake

// Every due schedule is taken in one UPDATE that re-checks NOT running on
// each row it writes: a second tick running at once waits for the rows the
// first one locked and then finds them running. No schedule runs twice.

import (
	"context"
	"database/sql"
	"time"
)

func Add(ctx context.Context, db *sql.DB, cmd string, next time.Time) error {
	_, err := db.ExecContext(ctx, `INSERT INTO schedules (command, next_run) VALUES ($1, $2)`, cmd, next)
	return err
}

func Tick(ctx context.Context, db *sql.DB, run func(int64, string) error) error {
	rows, err := db.QueryContext(ctx, `UPDATE schedules SET running = true WHERE next_run <= now() AND NOT running RETURNING id, command`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var cmd string
		if err := rows.Scan(&id, &cmd); err != nil {
			return err
		}
		if err := run(id, cmd); err != nil {
			return err
		}
		if _, err := db.ExecContext(ctx, `UPDATE schedules SET running = false, next_run = $2 WHERE id = $1`, id, time.Now().Add(time.Hour)); err != nil {
			return err
		}
	}
	return rows.Err()
}
