// The poll takes failed jobs again once their backoff has passed, however
// many times they have failed: nothing stops a job that always fails.
package pollbackoff

import (
	"context"
	"database/sql"
)

func claim(ctx context.Context, db *sql.DB) (id string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', tries = tries + 1 WHERE id = (
		SELECT id FROM tasks WHERE state = 'ready' OR (state = 'failed' AND retry_at <= now())
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'failed', retry_at = now() + interval '1 minute' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
