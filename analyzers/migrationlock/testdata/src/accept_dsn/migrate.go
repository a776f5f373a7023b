package accept_dsn

import (
	"context"
	"embed"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var migrations embed.FS

// The connection string sets lock_timeout for the whole session.
const dsn = "postgres://app@db/app?options=-c%20lock_timeout%3D5s"

// Migrate runs a migration on a connection of its own.
func Migrate(ctx context.Context, name string) error {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	body, err := migrations.ReadFile("migrations/" + name)
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, string(body))
	return err
}
