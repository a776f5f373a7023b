// Package pgdb stands for a company's shared database module: a DB type
// over database/sql whose methods take SQL and its bind arguments, with
// retrying variants, and a key-value cache client whose methods take a
// key and arguments. jobqlint does not read another module's code, so
// these bodies run nothing: the callers' sites are recognized by the
// methods' signatures alone.
package pgdb

import (
	"context"
	"database/sql"
	"time"
)

type RetryPolicy struct {
	Attempts int
	Delay    time.Duration
}

type DB struct {
	Master *sql.DB
	Policy RetryPolicy
}

func Open(dsn string) (*DB, error) { return &DB{}, nil }

func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return nil
}

func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}

func (db *DB) QueryRetry(ctx context.Context, p RetryPolicy, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}

func (db *DB) ExecRetry(ctx context.Context, p RetryPolicy, query string, args ...any) (sql.Result, error) {
	return nil, nil
}

// GetContext scans the one row the query returns into dst.
func (db *DB) GetContext(ctx context.Context, dst any, query string, args ...any) error {
	return nil
}

// FindOne builds its own SELECT from a table and a column: neither
// string is SQL.
func (db *DB) FindOne(ctx context.Context, table, column string, values ...any) *sql.Row {
	return nil
}

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) {
	return nil, nil
}

// Cache is a key-value client: Query looks a key up, with formatting
// arguments, and returns the raw value; Exec runs a cache command.
type Cache struct{}

func (c *Cache) Query(ctx context.Context, key string, args ...any) ([]byte, error) {
	return nil, nil
}

func (c *Cache) Exec(ctx context.Context, command string, args ...any) (int64, error) {
	return 0, nil
}
