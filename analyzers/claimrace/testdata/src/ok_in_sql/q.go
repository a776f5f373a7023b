// IN (...) of a locking subquery, with database/sql.
package ok_in_sql

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB, n int) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE tasks SET state = 'taken'
		WHERE id IN (SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
		RETURNING id`, n)
}
