// A schema function purges finished runs by age: it picks no claimed
// job, so the zone of finished_at decides only what is kept, never when a
// job runs again. Another counts the runs started long ago, for a
// dashboard: it moves no job.
package accept_sqlfnpurge

import (
	"context"
	"database/sql"
)

func ClaimRun(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE runs SET status = 'running', started_at = now() WHERE id = (
		SELECT id FROM runs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE runs SET status = 'done', finished_at = now() WHERE id = $1`, id)
	return err
}
