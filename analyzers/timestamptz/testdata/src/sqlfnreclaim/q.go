// Workers lock queued pipes by setting locked_at; the schema's own
// functions, run by a cron job outside the module, delete the rows locked
// too long ago and requeue runs whose heartbeat stopped. Both compare a
// timestamp without time zone with now(): when a stuck job comes back
// depends on the session's time zone.
package sqlfnreclaim

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB) (key string, err error) {
	err = db.QueryRowContext(ctx, `UPDATE queued_pipes SET locked_at = now() WHERE key = (
		SELECT key FROM queued_pipes WHERE locked_at IS NULL ORDER BY priority LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING key`).Scan(&key)
	return key, err
}

func Done(ctx context.Context, db *sql.DB, key string) error {
	_, err := db.ExecContext(ctx, `DELETE FROM queued_pipes WHERE key = $1`, key)
	return err
}

func ClaimRun(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE runs SET status = 'running', heartbeat_at = now() WHERE id = (
		SELECT id FROM runs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func Finish(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE runs SET status = 'done' WHERE id = $1`, id)
	return err
}
