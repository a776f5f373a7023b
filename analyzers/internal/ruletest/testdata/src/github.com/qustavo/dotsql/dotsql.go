// Package dotsql is a stub of github.com/qustavo/dotsql v1.2.0 with its
// names and signatures.
package dotsql

import (
	"context"
	"database/sql"
)

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

type QueryRower interface {
	QueryRow(query string, args ...interface{}) *sql.Row
}

type QueryRowerContext interface {
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

type DotSql struct{ queries map[string]string }

func (d DotSql) Exec(db Execer, name string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}

func (d DotSql) ExecContext(ctx context.Context, db ExecerContext, name string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}

func (d DotSql) QueryRow(db QueryRower, name string, args ...interface{}) (*sql.Row, error) {
	return nil, nil
}

func (d DotSql) QueryRowContext(ctx context.Context, db QueryRowerContext, name string, args ...interface{}) (*sql.Row, error) {
	return nil, nil
}

func LoadFromFile(sqlFile string) (*DotSql, error) { return nil, nil }
func LoadFromString(sql string) (*DotSql, error)   { return nil, nil }
