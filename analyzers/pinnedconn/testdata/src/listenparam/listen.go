// A driver that LISTENs on whatever channel its caller names, on a pool
// and on a *sql.DB: the channel's name is out of sight, but LISTEN on a
// pooled connection is the defect whatever the name.
package listenparam

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type PgxDriver struct{ pool *pgxpool.Pool }

func (d *PgxDriver) Listen(ctx context.Context, channel string) error {
	_, err := d.pool.Exec(ctx, "LISTEN "+channel) // want `LISTEN runs on a pool \(\*pgxpool.Pool\)`
	return err
}

type SQLDriver struct{ db *sql.DB }

func (d *SQLDriver) Listen(ctx context.Context, channel string) error {
	_, err := d.db.ExecContext(ctx, fmt.Sprintf(`LISTEN "%s"`, channel)) // want `LISTEN runs on a pool \(\*sql.DB\)`
	return err
}
