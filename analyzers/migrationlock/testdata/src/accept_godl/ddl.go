package accept_godl

import (
	"context"
	"database/sql"
)

// Upgrade runs DDL from Go: what ran before it on the connection is the
// program's business, which the tool does not follow.
func Upgrade(ctx context.Context, db *sql.DB) error {
	_, err := db.ExecContext(ctx, `ALTER TABLE jobs ADD COLUMN kind text`)
	return err
}
