// The claim's poll takes only runnable jobs whose time has come; the
// deadline it writes is read by nothing here. Not a reclaim (the lease
// rule judges the lease).
package ok_noretake

import (
	"context"
	"database/sql"
)

const claim = `WITH selected AS (
	SELECT id FROM queue
	WHERE kind = $1 AND status IN ('new', 'retry') AND next_attempt_time < now()
	ORDER BY created_at LIMIT $2
	FOR NO KEY UPDATE SKIP LOCKED)
UPDATE queue SET status = 'in_progress', next_attempt_time = now() + $3::interval
WHERE id IN (SELECT id FROM selected)
RETURNING id`

func Claim(ctx context.Context, db *sql.DB, kind string) (*sql.Rows, error) {
	return db.QueryContext(ctx, claim, kind, 10, "1 minute")
}

func Succeed(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE queue SET status = 'succeeded' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
