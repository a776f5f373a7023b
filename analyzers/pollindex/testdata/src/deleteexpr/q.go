// The same DELETE-based queue with an index on the arrival time alone: it
// does not hold the jobs in coalesce(run_at, created_at) order, so each
// poll sorts every waiting job.
package deleteexpr

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Next(ctx context.Context, tx pgx.Tx) (body []byte, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks ORDER BY coalesce(run_at, created_at) LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING body`).Scan(&body)
	return body, err
}
