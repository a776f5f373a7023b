package accept_runtimeparams

import (
	"context"
	"embed"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var migrations embed.FS

// config stands for pgx's ConnConfig, whose RuntimeParams are sent when
// the connection starts.
type config struct{ RuntimeParams map[string]string }

func connect(ctx context.Context, cfg *config) (*pgx.Conn, error) { return pgx.Connect(ctx, "") }

// Migrate runs a migration on a connection whose runtime parameters set
// lock_timeout.
func Migrate(ctx context.Context, name string) error {
	cfg := &config{RuntimeParams: map[string]string{}}
	cfg.RuntimeParams["lock_timeout"] = "5s"
	conn, err := connect(ctx, cfg)
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
