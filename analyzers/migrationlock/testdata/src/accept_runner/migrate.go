package accept_runner

import (
	"context"
	"embed"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var migrations embed.FS

const lockTimeout = 5 * time.Second

// Migrate runs a migration on a connection whose lock_timeout it sets first.
func Migrate(ctx context.Context, conn *pgx.Conn, name string) error {
	if _, err := conn.Exec(ctx, fmt.Sprintf("SET lock_timeout = %d", lockTimeout.Milliseconds())); err != nil {
		return err
	}
	body, err := migrations.ReadFile("migrations/" + name)
	if err != nil {
		return err
	}
	_, err = conn.Exec(ctx, string(body))
	return err
}
