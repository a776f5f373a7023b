// The claims bind their lease deadline as a sql.NullTime or a *time.Time,
// and nothing takes back a job whose lease expired.
package timeparam_nullable_noreclaim

import (
	"context"
	"database/sql"
	"time"
)

func ClaimTasks(ctx context.Context, db *sql.DB, limit int, until sql.NullTime) (*sql.Rows, error) {
	return db.QueryContext(ctx, // want `this claim writes a lease \(locked_until\), but no statement in the module returns jobs whose lease expired`
		`UPDATE tasks SET status = 'running', locked_until = $2
		WHERE id IN (SELECT id FROM tasks WHERE status = 'queued' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED) RETURNING id`,
		limit, until)
}

func ClaimBatches(ctx context.Context, db *sql.DB, until *time.Time) (*sql.Rows, error) {
	return db.QueryContext(ctx, // want `this claim writes a lease \(lease_expires_at\), but no statement in the module returns jobs whose lease expired`
		`UPDATE batches SET state = 'working', lease_expires_at = $1
		WHERE id IN (SELECT id FROM batches WHERE state = 'ready' ORDER BY id LIMIT 10 FOR UPDATE SKIP LOCKED) RETURNING id`,
		until)
}
