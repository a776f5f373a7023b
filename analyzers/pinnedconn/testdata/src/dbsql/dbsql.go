// database/sql: *sql.DB is a pool too.
package dbsql

import (
	"context"
	"database/sql"
)

func WithLock(ctx context.Context, db *sql.DB, key int64, fn func() error) error {
	if _, err := db.ExecContext(ctx, "SELECT pg_advisory_lock($1)", key); err != nil { // want `pg_advisory_lock runs on a pool \(\*sql.DB\): the unlock may run on another connection and leave the lock held\n.* \(db.Conn, held until the unlock\)`
		return err
	}
	defer db.ExecContext(ctx, "SELECT pg_advisory_unlock($1)", key) // want `pg_advisory_unlock runs on a pool \(\*sql.DB\)`
	return fn()
}

func Listen(db *sql.DB) error {
	_, err := db.Exec(`LISTEN "jobs"`) // want `LISTEN runs on a pool \(\*sql.DB\): the pooled connection it subscribes is one nobody reads\n.*\(db.Conn, held for the listener's life\)`
	return err
}
