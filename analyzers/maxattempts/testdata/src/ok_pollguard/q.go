// A failed job goes back to 'failed', and the poll takes failed jobs only
// while they have attempts left: past the limit a job stays failed for good.
package ok_pollguard

import (
	"context"
	"database/sql"
)

func claim(ctx context.Context, db *sql.DB) (id string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', tries = tries + 1 WHERE id = (
		SELECT id FROM tasks WHERE state = 'ready' OR (state = 'failed' AND tries < 5)
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'failed' WHERE id = $1`, id)
	return err
}
