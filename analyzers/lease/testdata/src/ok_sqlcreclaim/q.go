// The reclaimer is a sqlc query in a .sql file the Go code never shows.
package ok_sqlcreclaim

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', lease_expires_at = now() + interval '1 minute'
		WHERE id = (SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
