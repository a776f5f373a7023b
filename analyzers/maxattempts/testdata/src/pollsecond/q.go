// One poll takes failed jobs only under the limit, but the sweeper's poll
// takes every failed job: the limit holds for one worker and not the other.
package pollsecond

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

func sweep(ctx context.Context, db *sql.DB) (id string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', tries = tries + 1 WHERE id = (
		SELECT id FROM tasks WHERE state = 'failed'
		ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func fail(ctx context.Context, db *sql.DB, id string) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'failed' WHERE id = $1`, id) // want `this retry puts the job back with no limit`
	return err
}
