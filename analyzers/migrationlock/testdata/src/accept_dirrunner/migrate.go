package accept_dirrunner

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
)

// Migrate runs the files of the migrations directory in order, each in a
// transaction whose lock_timeout it sets first (the directory is named,
// not embedded, as goose.Up(db, "migrations") names it).
func Migrate(ctx context.Context, db *sql.DB) error {
	entries, err := os.ReadDir("migrations")
	if err != nil {
		return err
	}
	for _, e := range entries {
		body, err := os.ReadFile(filepath.Join("migrations", e.Name()))
		if err != nil {
			return err
		}
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `SET LOCAL lock_timeout = '5s'`); err != nil {
			tx.Rollback()
			return err
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			tx.Rollback()
			return err
		}
		if err := tx.Commit(); err != nil {
			return err
		}
	}
	return nil
}
