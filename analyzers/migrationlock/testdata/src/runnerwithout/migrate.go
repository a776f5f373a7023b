package runnerwithout

import (
	"context"
	"embed"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Migrate runs each migration as it is: the runner sets a statement
// timeout, which bounds the ALTER's run, not how long others wait behind it.
func Migrate(ctx context.Context, conn *pgx.Conn, name string) error {
	body, err := migrations.ReadFile("migrations/" + name)
	if err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, `SET statement_timeout = '1min'`); err != nil {
		return err
	}
	_, err = conn.Exec(ctx, string(body))
	return err
}
