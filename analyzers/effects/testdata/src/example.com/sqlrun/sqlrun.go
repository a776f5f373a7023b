// Package sqlrun is a library of another module: its functions run the
// statements they are given on the handle they are given.
package sqlrun

import (
	"context"
	"database/sql"
)

func Run(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	_, err := tx.ExecContext(ctx, query, args...)
	return err
}
