// The worker bounds its own waits for locks; the migrations are run by a
// command-line tool, not by this code, and get no lock_timeout from it.
package workertimeout

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, conn *sql.Conn) (id int64, err error) {
	if _, err := conn.ExecContext(ctx, `SET lock_timeout = '2s'`); err != nil {
		return 0, err
	}
	err = conn.QueryRowContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
