// Package queries runs the module's SQL by name.
package queries

import (
	"context"
	"database/sql"
)

var byName = map[string]string{
	"reminders-by-user": `SELECT id FROM reminders WHERE user_id = $1`,
}

type Named struct{ db *sql.DB }

func (n *Named) Query(ctx context.Context, name string, args ...any) (*sql.Rows, error) {
	return n.db.QueryContext(ctx, byName[name], args...)
}
