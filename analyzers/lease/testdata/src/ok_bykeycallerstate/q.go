// The same tasks, with a store method that writes whatever state its
// callers in other packages name: a reaper that reads heartbeats kept in
// Redis may put a running task back with it. The package cannot tell.
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

func Save(ctx context.Context, db *sql.DB, id, status string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET status = $2, started_at = NULL WHERE id = $1`, id, status)
	return err
}
