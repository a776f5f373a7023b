// Package sqlx is a stub of github.com/jmoiron/sqlx for analysistest: the
// names and signatures jobqlint matches (as in sqlx v1.4), with no behaviour.
package sqlx

import (
	"context"
	"database/sql"
)

type DB struct{ *sql.DB }

type Tx struct{ *sql.Tx }

func (db *DB) Rebind(query string) string                                    { return query }
func (db *DB) Get(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) GetContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (db *DB) SelectContext(ctx context.Context, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func (db *DB) NamedExec(query string, arg interface{}) (sql.Result, error) { return nil, nil }
func (db *DB) NamedExecContext(ctx context.Context, query string, arg interface{}) (sql.Result, error) {
	return nil, nil
}
func (db *DB) MustExec(query string, args ...interface{}) sql.Result { return nil }
func (db *DB) Beginx() (*Tx, error)                                  { return nil, nil }

func (tx *Tx) Rebind(query string) string                                       { return query }
func (tx *Tx) Get(dest interface{}, query string, args ...interface{}) error    { return nil }
func (tx *Tx) Select(dest interface{}, query string, args ...interface{}) error { return nil }
func (tx *Tx) NamedExec(query string, arg interface{}) (sql.Result, error)      { return nil, nil }

func In(query string, args ...interface{}) (string, []interface{}, error) { return query, args, nil }
func Rebind(bindType int, query string) string                            { return query }

const DOLLAR = 2

// Stmt is a prepared statement; it embeds *sql.Stmt, whose Exec, Query and
// QueryRow it promotes.
type Stmt struct{ *sql.Stmt }

func (s *Stmt) Get(dest interface{}, args ...interface{}) error    { return nil }
func (s *Stmt) Select(dest interface{}, args ...interface{}) error { return nil }
func (db *DB) Preparex(query string) (*Stmt, error)                { return nil, nil }
func (tx *Tx) Stmtx(stmt interface{}) *Stmt                        { return nil }

// The handles sqlx's package functions take (sqlx v1.4 has more methods in
// each; *sql.DB and *sql.Tx, embedded in DB and Tx, provide these).
type Queryer interface {
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type QueryerContext interface {
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
}

type Execer interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
}

type ExecerContext interface {
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
}

func Get(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }
func GetContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func Select(q Queryer, dest interface{}, query string, args ...interface{}) error { return nil }
func SelectContext(ctx context.Context, q QueryerContext, dest interface{}, query string, args ...interface{}) error {
	return nil
}
func MustExec(e Execer, query string, args ...interface{}) sql.Result { return nil }
func MustExecContext(ctx context.Context, e ExecerContext, query string, args ...interface{}) sql.Result {
	return nil
}
