// The candidates CTE picks jobs without locking them; the UPDATE joins it
// through FROM and does not re-check the status, and the SELECT reads the
// UPDATE's RETURNING rows.
package cte_updatefrom_unlocked

import (
	"context"
	"database/sql"
)

const claim = `
WITH candidates AS (
    SELECT id FROM jobs
    WHERE queue = $1
      AND ((status = 'queued' AND run_at <= now()) OR ($3 AND status = 'running' AND locked_until < now()))
    ORDER BY priority DESC, run_at
    LIMIT $2
), taken AS (
    UPDATE jobs j SET status = 'running', locked_until = now() + interval '5 minutes'
    FROM candidates c
    WHERE j.id = c.id
    RETURNING j.*
)
SELECT id, payload FROM taken ORDER BY priority DESC, run_at`

func Claim(ctx context.Context, db *sql.DB, queue string, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, claim, queue, n, true) // want `the subquery picks the next job without locking it`
}
