// The claim's poll admits the in-progress state beside the runnable ones,
// once the deadline the claim writes has passed, and only while attempts
// are left.
package ok_retakecap

import (
	"context"
	"database/sql"
)

const claim = `WITH selected AS (
	SELECT id FROM queue
	WHERE kind = $1 AND status IN ('new', 'in_progress', 'retry') AND next_attempt_time < now() AND attempts_left > 0
	ORDER BY created_at LIMIT $2
	FOR NO KEY UPDATE SKIP LOCKED)
UPDATE queue SET status = 'in_progress', next_attempt_time = now() + $3::interval
WHERE id IN (SELECT id FROM selected)
RETURNING id, attempts_left - 1`

func Claim(ctx context.Context, db *sql.DB, kind string) (*sql.Rows, error) {
	return db.QueryContext(ctx, claim, kind, 10, "1 minute")
}

func Retry(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE queue SET status = 'retry', attempts_left = attempts_left - 1 WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}

func Succeed(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE queue SET status = 'succeeded' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
