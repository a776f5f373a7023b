// database/sql: *sql.Conn is one connection of the pool.
package accept_sqlconn

import (
	"context"
	"database/sql"
)

func WithLock(ctx context.Context, db *sql.DB, key int64, fn func() error) error {
	conn, err := db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil {
		return err
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key)
	return fn()
}
