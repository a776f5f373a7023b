package sqlretry

import (
	"context"
	"database/sql"
)

func claim(ctx context.Context, db *sql.DB) (id string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken' WHERE id = (
		SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func release(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'ready', tries = tries + 1 WHERE id = $1`, id) // want `this retry puts the job back with no limit\nnothing moves a job to a terminal state`
	return err
}
