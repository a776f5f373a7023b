// A DELETE-based queue that runs a job at its scheduled time, or when it
// has none, in the order jobs arrived: the expression index hands each
// poll the first one in that order (the e-mail poll skips the other kinds
// on the way).
package accept_deleteexpr

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

func NextEmail(ctx context.Context, tx pgx.Tx) (body []byte, err error) {
	err = tx.QueryRow(ctx, `DELETE FROM tasks WHERE id = (
		SELECT id FROM tasks WHERE kind = 'email' ORDER BY coalesce(run_at, created_at) LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING body`).Scan(&body)
	return body, err
}
