// The same drivers, on a connection held for the listener's life; and
// SQL whose head is out of sight too, which says nothing.
package accept_listenparam

import (
	"context"
	"database/sql"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

type PgxDriver struct {
	pool *pgxpool.Pool
	conn *pgxpool.Conn
}

func (d *PgxDriver) Listen(ctx context.Context, channel string) error {
	conn, err := d.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	if _, err := conn.Exec(ctx, "LISTEN "+channel); err != nil {
		conn.Release()
		return err
	}
	d.conn = conn
	return nil
}

type SQLDriver struct{ db *sql.DB }

func (d *SQLDriver) Listen(ctx context.Context, channel string) (*sql.Conn, error) {
	conn, err := d.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	_, err = conn.ExecContext(ctx, fmt.Sprintf("LISTEN %s", channel))
	return conn, err
}

// Run runs a statement its caller chose: the verb is out of sight too.
func (d *SQLDriver) Run(ctx context.Context, verb, channel string) error {
	_, err := d.db.ExecContext(ctx, verb+" "+channel)
	return err
}

// Notify names the channel in a format whose verb is not LISTEN.
func (d *SQLDriver) Notify(ctx context.Context, channel string) error {
	_, err := d.db.ExecContext(ctx, fmt.Sprintf("NOTIFY %s", channel))
	return err
}

// Maybe LISTENs only when told to; otherwise its caller's verb runs.
func (d *SQLDriver) Maybe(ctx context.Context, verb, channel string, listen bool) error {
	head := verb + " "
	if listen {
		head = "LISTEN "
	}
	_, err := d.db.ExecContext(ctx, head+channel)
	return err
}

// Announce is given the LISTEN prefix but runs a NOTIFY: only
// fmt.Sprintf's format is the head of its result.
func (d *SQLDriver) Announce(ctx context.Context, channel string) error {
	_, err := d.db.ExecContext(ctx, notify("LISTEN ", channel))
	return err
}

func notify(_ string, channel string) string { return "NOTIFY " + channel }
