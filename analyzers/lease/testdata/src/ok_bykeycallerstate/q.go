// The same tasks, with a store method that saves a task its callers in
// other packages moved from state to state in Go: a reaper that reads
// heartbeats kept in Redis may put a running task back with it. The
// package cannot tell.
package ok_bykeycallerstate

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

// Task is a task as the callers move it from state to state.
type Task struct {
	ID     string
	Status string
	Note   string
}

// Save writes a task back, state and all.
func Save(ctx context.Context, db *sql.DB, t *Task) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = $2, note = $3, started_at = NULL WHERE id = $1`, t.ID, t.Status, t.Note)
	return err
}
