// A sweeper whose CASE puts expired running jobs back and keeps every
// other state: neither it nor the claim spends an attempt.
package casesweep

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

const sweepSQL = `UPDATE tasks SET state = CASE WHEN state = 'running' THEN 'queued' ELSE state END
	WHERE state = 'running' AND heartbeat_at < now() - interval '5 minutes'`

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, sweepSQL) // want `^this reclaim returns jobs whose lease expired to the queue without spending an attempt`
	return err
}
