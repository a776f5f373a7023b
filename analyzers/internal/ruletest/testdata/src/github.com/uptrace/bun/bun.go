// Package bun is a stub of github.com/uptrace/bun: the types and methods
// the fixtures call, with the real signatures.
package bun

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun/schema"
)

// BaseModel is an alias, as in bun since v1.1.
type BaseModel = schema.BaseModel

// The SQL text types, aliases as in bun.
type (
	Safe  = schema.Safe
	Ident = schema.Ident
	Name  = schema.Name
)

type IDB interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	NewSelect() *SelectQuery
	NewInsert() *InsertQuery
	NewUpdate() *UpdateQuery
	NewDelete() *DeleteQuery
	NewRaw(query string, args ...any) *RawQuery
}

type DB struct{ *sql.DB }

func (db *DB) NewSelect() *SelectQuery                    { return nil }
func (db *DB) Dialect() schema.Dialect                    { return nil }
func (db *DB) NewInsert() *InsertQuery                    { return nil }
func (db *DB) NewUpdate() *UpdateQuery                    { return nil }
func (db *DB) NewDelete() *DeleteQuery                    { return nil }
func (db *DB) NewRaw(query string, args ...any) *RawQuery { return nil }
func (db *DB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}
func (db *DB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}
func (db *DB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row { return nil }
func (db *DB) BeginTx(ctx context.Context, opts *sql.TxOptions) (Tx, error)            { return Tx{}, nil }
func (db *DB) RunInTx(ctx context.Context, opts *sql.TxOptions, fn func(ctx context.Context, tx Tx) error) error {
	return nil
}

type Tx struct{ *sql.Tx }

func (tx Tx) NewSelect() *SelectQuery                    { return nil }
func (tx Tx) NewInsert() *InsertQuery                    { return nil }
func (tx Tx) NewUpdate() *UpdateQuery                    { return nil }
func (tx Tx) NewDelete() *DeleteQuery                    { return nil }
func (tx Tx) NewRaw(query string, args ...any) *RawQuery { return nil }
func (tx Tx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return nil, nil
}
func (tx Tx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return nil, nil
}
func (tx Tx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row { return nil }
func (tx Tx) Commit() error                                                           { return nil }
func (tx Tx) Rollback() error                                                         { return nil }

type SelectQuery struct{}

func (q *SelectQuery) Model(model any) *SelectQuery                     { return q }
func (q *SelectQuery) Table(tables ...string) *SelectQuery              { return q }
func (q *SelectQuery) TableExpr(query string, args ...any) *SelectQuery { return q }
func (q *SelectQuery) ModelTableExpr(query string, args ...any) *SelectQuery {
	return q
}
func (q *SelectQuery) Column(columns ...string) *SelectQuery             { return q }
func (q *SelectQuery) ColumnExpr(query string, args ...any) *SelectQuery { return q }
func (q *SelectQuery) WherePK(cols ...string) *SelectQuery               { return q }
func (q *SelectQuery) Where(query string, args ...any) *SelectQuery      { return q }
func (q *SelectQuery) WhereOr(query string, args ...any) *SelectQuery    { return q }
func (q *SelectQuery) Order(orders ...string) *SelectQuery               { return q }
func (q *SelectQuery) OrderExpr(query string, args ...any) *SelectQuery  { return q }
func (q *SelectQuery) Limit(n int) *SelectQuery                          { return q }
func (q *SelectQuery) Offset(n int) *SelectQuery                         { return q }
func (q *SelectQuery) For(s string, args ...any) *SelectQuery            { return q }
func (q *SelectQuery) Scan(ctx context.Context, dest ...any) error       { return nil }
func (q *SelectQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}
func (q *SelectQuery) Count(ctx context.Context) (int, error)   { return 0, nil }
func (q *SelectQuery) Exists(ctx context.Context) (bool, error) { return false, nil }
func (q *SelectQuery) ScanAndCount(ctx context.Context, dest ...any) (int, error) {
	return 0, nil
}
func (q *SelectQuery) Rows(ctx context.Context) (*sql.Rows, error) { return nil, nil }
func (q *SelectQuery) With(name string, query schema.QueryAppender) *SelectQuery {
	return q
}
func (q *SelectQuery) AppendQuery(fmter any, b []byte) ([]byte, error) { return b, nil }

type UpdateQuery struct{}

func (q *UpdateQuery) Model(model any) *UpdateQuery                     { return q }
func (q *UpdateQuery) Table(tables ...string) *UpdateQuery              { return q }
func (q *UpdateQuery) TableExpr(query string, args ...any) *UpdateQuery { return q }
func (q *UpdateQuery) Column(columns ...string) *UpdateQuery            { return q }
func (q *UpdateQuery) Set(query string, args ...any) *UpdateQuery       { return q }
func (q *UpdateQuery) WherePK(cols ...string) *UpdateQuery              { return q }
func (q *UpdateQuery) Where(query string, args ...any) *UpdateQuery     { return q }
func (q *UpdateQuery) WhereOr(query string, args ...any) *UpdateQuery   { return q }
func (q *UpdateQuery) Returning(query string, args ...any) *UpdateQuery { return q }
func (q *UpdateQuery) Scan(ctx context.Context, dest ...any) error      { return nil }
func (q *UpdateQuery) With(name string, query schema.QueryAppender) *UpdateQuery {
	return q
}
func (q *UpdateQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type InsertQuery struct{}

func (q *InsertQuery) Model(model any) *InsertQuery                     { return q }
func (q *InsertQuery) Returning(query string, args ...any) *InsertQuery { return q }
func (q *InsertQuery) Scan(ctx context.Context, dest ...any) error      { return nil }
func (q *InsertQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type DeleteQuery struct{}

func (q *DeleteQuery) Model(model any) *DeleteQuery                     { return q }
func (q *DeleteQuery) Table(tables ...string) *DeleteQuery              { return q }
func (q *DeleteQuery) TableExpr(query string, args ...any) *DeleteQuery { return q }
func (q *DeleteQuery) Returning(query string, args ...any) *DeleteQuery { return q }
func (q *DeleteQuery) WherePK(cols ...string) *DeleteQuery              { return q }
func (q *DeleteQuery) Where(query string, args ...any) *DeleteQuery     { return q }
func (q *DeleteQuery) With(name string, query schema.QueryAppender) *DeleteQuery {
	return q
}
func (q *DeleteQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

type RawQuery struct{}

func (q *RawQuery) Scan(ctx context.Context, dest ...any) error     { return nil }
func (q *RawQuery) AppendQuery(fmter any, b []byte) ([]byte, error) { return b, nil }
func (q *RawQuery) Exec(ctx context.Context, dest ...any) (sql.Result, error) {
	return nil, nil
}

// In writes the elements of a slice as a list.
func In(slice any) schema.QueryAppender { return nil }
