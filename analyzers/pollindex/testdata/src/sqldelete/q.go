package sqldelete

import (
	"context"
	"database/sql"
)

func Next(ctx context.Context, db *sql.DB) (body string, err error) {
	err = db.QueryRowContext(ctx, `DELETE FROM work_items WHERE id = (
		SELECT id FROM work_items ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING body`).Scan(&body)
	return body, err
}
