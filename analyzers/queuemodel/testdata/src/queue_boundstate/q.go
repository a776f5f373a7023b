package queue_boundstate // want package:"queues\\(public.tasks\\)"

// A queue polled by a state its caller names (status = $1) with no schema
// in sight: the package writes status, so the SELECT picks rows by their
// state, not by a key.

import (
	"context"
	"database/sql"
)

func Enqueue(ctx context.Context, db *sql.DB, body string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tasks (body, status) VALUES ($1, 'pending')`, body)
	return err
}

func Next(ctx context.Context, db *sql.DB, state string, run func(string) error) error { // want Next:"claims jobs"
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	var body string
	if err := tx.QueryRowContext(ctx, `SELECT id, body FROM tasks WHERE status = $1 LIMIT 1 FOR UPDATE SKIP LOCKED`, state).Scan(&id, &body); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE tasks SET status = 'running' WHERE id = $1`, id); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	status := "done"
	if run(body) != nil {
		status = "failed"
	}
	_, err = db.ExecContext(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status)
	return err
}
