// Package tools loads fixtures; its lock_timeout is its own session's, and
// it runs none of the migrations.
package tools

import (
	"context"
	"embed"

	"github.com/jackc/pgx/v5"
)

//go:embed fixtures.sql
var fixtures embed.FS

func Load(ctx context.Context, conn *pgx.Conn) error {
	if _, err := conn.Exec(ctx, `SET lock_timeout = '1s'`); err != nil {
		return err
	}
	body, err := fixtures.ReadFile("fixtures.sql")
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, string(body))
	return err
}
