// database/sql, one err for the handler and the completion.
package sqlshared

import (
	"context"
	"database/sql"
)

func claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', lease_until = now() + interval '1 minute' WHERE id = (
		SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func work(id int64) error { return nil }

func runOne(ctx context.Context, db *sql.DB, id int64) error {
	var err error
	if err = work(id); err == nil {
		_, err = db.ExecContext(ctx, `UPDATE tasks SET state = 'done' WHERE id = $1`, id) // want `the error of this completion takes the failure path`
	}
	if err != nil {
		_, rerr := db.ExecContext(ctx, `UPDATE tasks SET state = CASE WHEN tries >= 5 THEN 'failed' ELSE 'ready' END WHERE id = $1`, id)
		return rerr
	}
	return nil
}
