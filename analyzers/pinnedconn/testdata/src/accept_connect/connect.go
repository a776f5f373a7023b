// A connection of its own, for the listener.
package accept_connect

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Listen(ctx context.Context, dsn string) (*pgx.Conn, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	if _, err := conn.Exec(ctx, `LISTEN jobs_available`); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return conn, nil
}
