// An atomic claim, with database/sql, and no lease.
package sqlatomic

import (
	"context"
	"database/sql"
)

func Claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	// want +1 `moves the job to 'processing' and writes no lease deadline`
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'processing' WHERE id = (
		SELECT id FROM tasks WHERE state = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}
