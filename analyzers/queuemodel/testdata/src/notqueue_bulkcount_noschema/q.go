// With no schema in sight, a bound count (not a time) decides which
// devices are locked in bulk: no job falls due.
package notqueue_bulkcount_noschema

import (
	"context"
	"database/sql"
)

func LockNoisy(ctx context.Context, db *sql.DB, limit int) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE devices SET locked = true WHERE error_count >= $1 AND NOT locked RETURNING id`, limit)
}

func Unlock(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE devices SET locked = false, error_count = 0 WHERE id = $1`, id)
	return err
}
