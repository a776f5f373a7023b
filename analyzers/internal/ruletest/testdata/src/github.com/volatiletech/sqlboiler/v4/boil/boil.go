// Package boil is a stub of github.com/volatiletech/sqlboiler/v4/boil: the
// executors and column lists the generated code and the fixtures use, with
// the real names and signatures.
package boil

import (
	"context"
	"database/sql"
)

type Executor interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryRow(query string, args ...interface{}) *sql.Row
}

type ContextExecutor interface {
	Executor
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...interface{}) *sql.Row
}

type ContextBeginner interface {
	BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error)
}

type Columns struct {
	Kind int
	Cols []string
}

func None() Columns                                                      { return Columns{} }
func Infer() Columns                                                     { return Columns{Kind: 1} }
func Whitelist(columns ...string) Columns                                { return Columns{Kind: 2, Cols: columns} }
func Blacklist(columns ...string) Columns                                { return Columns{Kind: 3, Cols: columns} }
func Greylist(columns ...string) Columns                                 { return Columns{Kind: 4, Cols: columns} }
func (c Columns) IsWhitelist() bool                                      { return c.Kind == 2 }
func (c Columns) UpdateColumnSet(allColumns, pkeyCols []string) []string { return nil }

func BeginTx(ctx context.Context, opts *sql.TxOptions) (*sql.Tx, error) { return nil, nil }
