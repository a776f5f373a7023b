// Package sqlx is a stub of github.com/jmoiron/sqlx: the methods the
// test's store calls.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }

func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}

func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
