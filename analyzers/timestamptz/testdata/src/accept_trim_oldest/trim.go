// A log trimmed by its oldest rows: the DELETE returns nothing, so it
// hands no row to a worker and the table is no queue.
package accept_trim_oldest

import (
	"context"
	"database/sql"
)

func Write(ctx context.Context, db *sql.DB, line string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO audit_log (line, created_at) VALUES ($1, now())`, line)
	return err
}

func Trim(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log ORDER BY created_at LIMIT 100)`)
	return err
}
