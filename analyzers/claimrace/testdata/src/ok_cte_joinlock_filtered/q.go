// The locking WITH query filters the state itself: a row another worker
// claimed since this statement began fails that re-check and is skipped.
package ok_cte_joinlock_filtered

import (
	"context"
	"database/sql"
)

const claim = `
WITH candidate AS (
    SELECT id, created_at FROM outbox
    WHERE status = 'pending' AND available_at <= now()
    ORDER BY created_at LIMIT $1
), picked AS (
    SELECT o.id FROM outbox o JOIN candidate c ON c.id = o.id
    WHERE o.status = 'pending'
    FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox o SET status = 'processing', locked_at = now()
FROM picked
WHERE o.id = picked.id
RETURNING o.id, o.payload`

func Fetch(ctx context.Context, db *sql.DB, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, claim, n)
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}
