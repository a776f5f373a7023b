package accept_embeds

import (
	"context"
	"embed"
	"io/fs"

	"github.com/jackc/pgx/v5"
)

// The demo data comes first in the file; the migrations are the second
// embed.
//
//go:embed seed/*.sql
var seed embed.FS

//go:embed migrations/*.sql
var migrations embed.FS

// Migrate runs every embedded migration, in order, on a connection whose
// lock_timeout it sets first.
func Migrate(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, `SET lock_timeout = '5s'`); err != nil {
		return err
	}
	return fs.WalkDir(migrations, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := migrations.ReadFile(path)
		if err != nil {
			return err
		}
		_, err = conn.Exec(ctx, string(body))
		return err
	})
}

// Seed loads the demo data.
func Seed(ctx context.Context, conn *pgx.Conn) error {
	body, err := seed.ReadFile("seed/demo.sql")
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, string(body))
	return err
}
