// database/sql, with the lease column added by a later migration.
package addcolumn

import (
	"context"
	"database/sql"
)

func claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `
		UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
