// Task ids come from a Redis list: no statement polls. A worker takes a
// task by a compare-and-set from either state a task waits in, and writes
// when it started; nothing returns a running task whose worker died. An
// API lists tasks in the state it is asked for.
package bykeyinnolease

import (
	"context"
	"database/sql"
)

func Add(ctx context.Context, db *sql.DB, kind string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tasks (kind, status) VALUES ($1, 'pending')`, kind)
	return err
}

func List(ctx context.Context, db *sql.DB, status string) (*sql.Rows, error) {
	return db.QueryContext(ctx, `SELECT id, kind FROM tasks WHERE status = $1 ORDER BY id LIMIT 50`, status)
}

func Take(ctx context.Context, db *sql.DB, id string) (kind string, err error) {
	// want +1 `this claim writes a lease \(started_at\), but no statement in the module returns jobs whose lease expired`
	err = db.QueryRowContext(ctx, `UPDATE tasks SET status = 'running', started_at = now()
		WHERE id = $1 AND status IN ('pending', 'scheduled') RETURNING kind`, id).Scan(&kind)
	return kind, err
}

func Done(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = 'completed' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Later(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = 'scheduled' WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Bury(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = 'dead' WHERE id = $1 AND status = 'running'`, id)
	return err
}

// SetStatus writes the state its caller names; nothing calls it, and a
// state named alone says nothing of a way back.
func SetStatus(ctx context.Context, db *sql.DB, id, status string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = $2 WHERE id = $1`, id, status)
	return err
}
