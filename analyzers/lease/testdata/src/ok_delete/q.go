// A DELETE claim moves no row to an in-progress state: nothing to reclaim.
package ok_delete

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, db *sql.DB) (body []byte, err error) {
	err = db.QueryRowContext(ctx, `DELETE FROM work_items WHERE id = (
		SELECT id FROM work_items ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING body`).Scan(&body)
	return body, err
}
