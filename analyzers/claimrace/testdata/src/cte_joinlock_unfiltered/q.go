// The claim locks the rows in a WITH query that joins the candidates on
// their id; the state filter is only in the candidates' query, which takes
// no lock. A locking SELECT re-checks only its own conditions on a row's
// newest version, so a job another worker claimed since this statement
// began still joins and is taken again.
package cte_joinlock_unfiltered

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
    FOR UPDATE OF o SKIP LOCKED
)
UPDATE outbox o SET status = 'processing', locked_at = now()
FROM picked
WHERE o.id = picked.id
RETURNING o.id, o.payload`

func Fetch(ctx context.Context, db *sql.DB, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, claim, n) // want `the job is locked in a join that does not re-check the status`
}

func Done(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE outbox SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}
