// The poll takes the state its caller names, so no poll shows a limit on
// the jobs a failure puts back in 'ready'.
package pollparam

import (
	"context"
	"database/sql"
)

func enqueue(ctx context.Context, db *sql.DB, payload string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO tasks (state, payload) VALUES ('ready', $1)`, payload)
	return err
}

func claim(ctx context.Context, db *sql.DB, state string) (id string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', tries = tries + 1 WHERE id = (
		SELECT id FROM tasks WHERE state = $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`, state).Scan(&id)
	return id, err
}

func release(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'ready' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
