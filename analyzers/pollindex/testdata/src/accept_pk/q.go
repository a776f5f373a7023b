// A DELETE-based queue in id order: the primary key serves it.
package accept_pk

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, db *sql.DB) (body string, err error) {
	err = db.QueryRowContext(ctx, `DELETE FROM work_items WHERE id = (
		SELECT id FROM work_items ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING body`).Scan(&body)
	return body, err
}
