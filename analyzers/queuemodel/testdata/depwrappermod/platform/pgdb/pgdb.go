// Package pgdb is a company's shared database module: a DB type over
// database/sql whose methods take SQL and its bind arguments, with
// retrying variants, and a key-value cache client whose methods take a
// key and arguments. It is a required module: jobqlint reads none of its
// code, so no fact says that these methods pass their string on.
package pgdb

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
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

func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return db.Master.QueryContext(ctx, query, args...)
}

func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return db.Master.QueryRowContext(ctx, query, args...)
}

func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return db.Master.ExecContext(ctx, query, args...)
}

func (db *DB) QueryRetry(ctx context.Context, p RetryPolicy, query string, args ...any) (*sql.Rows, error) {
	var err error
	for i := 0; i < p.Attempts; i++ {
		var rows *sql.Rows
		if rows, err = db.Master.QueryContext(ctx, query, args...); err == nil {
			return rows, nil
		}
		time.Sleep(p.Delay)
	}
	return nil, err
}

func (db *DB) ExecRetry(ctx context.Context, p RetryPolicy, query string, args ...any) (sql.Result, error) {
	var err error
	for i := 0; i < p.Attempts; i++ {
		var res sql.Result
		if res, err = db.Master.ExecContext(ctx, query, args...); err == nil {
			return res, nil
		}
		time.Sleep(p.Delay)
	}
	return nil, err
}

// GetContext scans the one row the query returns into dst, a pointer to
// a scalar.
func (db *DB) GetContext(ctx context.Context, dst any, query string, args ...any) error {
	return db.Master.QueryRowContext(ctx, query, args...).Scan(dst)
}

// FindOne builds its own SELECT from a table and a column: neither
// string is SQL.
func (db *DB) FindOne(ctx context.Context, table, column string, values ...any) *sql.Row {
	return db.Master.QueryRowContext(ctx, fmt.Sprintf("SELECT * FROM %s WHERE %s = ANY($1)", table, column), values)
}

func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) {
	return db.Master.BeginTx(ctx, opts)
}

// Cache is a key-value client: Query looks a key up, formatted with its
// arguments, and returns the raw value; Exec runs a cache command.
type Cache struct{ values map[string][]byte }

func (c *Cache) Query(ctx context.Context, key string, args ...any) ([]byte, error) {
	return c.values[fmt.Sprintf(key, args...)], nil
}

func (c *Cache) Exec(ctx context.Context, command string, args ...any) (int64, error) {
	if strings.HasPrefix(command, "DEL ") {
		delete(c.values, fmt.Sprintf(strings.TrimPrefix(command, "DEL "), args...))
	}
	return 1, nil
}
