// A sweeper that decides each row in one CASE: it fails tasks at their
// limit, and puts the other expired ones back, spending an attempt.
package ok_casesweep

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'running', heartbeat_at = now()
		WHERE id = (SELECT id FROM tasks WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET
		state = CASE WHEN tries >= max_tries THEN 'dead' WHEN state = 'running' THEN 'queued' ELSE state END,
		tries = CASE WHEN state = 'running' AND tries < max_tries THEN tries + 1 ELSE tries END
		WHERE state = 'running' AND heartbeat_at < now() - interval '5 minutes'`)
	return err
}
