// The same sweeper, with every arm's rows picked by their state: only
// running items are failed at their limit or put back.
package ok_casesweep

import (
	"context"
	"database/sql"
)

func Lease(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE work_items SET state = 'running', tries = tries + 1, heartbeat_at = now()
		WHERE id = (SELECT id FROM work_items WHERE state = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET state = 'succeeded' WHERE id = $1 AND state = 'running'`, id)
	return err
}

func Sweep(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET
		state = CASE WHEN tries >= max_tries THEN 'dead' ELSE 'queued' END
		WHERE state = 'running' AND heartbeat_at < now() - interval '2 minutes'`)
	return err
}

// Bump decides another column with a CASE, on queued items only.
func Bump(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET run_at = CASE WHEN tries > 2 THEN now() + interval '1 hour' ELSE run_at END,
		state = 'queued' WHERE state = 'queued'`)
	return err
}

// SweepBatch picks its rows by state in a subquery of the same table.
func SweepBatch(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `UPDATE work_items SET state = CASE WHEN tries >= max_tries THEN 'dead' ELSE 'queued' END, heartbeat_at = NULL
		WHERE id IN (SELECT id FROM work_items WHERE state = 'running' AND heartbeat_at < now() - interval '2 minutes' LIMIT 100 FOR UPDATE SKIP LOCKED)`)
	return err
}
