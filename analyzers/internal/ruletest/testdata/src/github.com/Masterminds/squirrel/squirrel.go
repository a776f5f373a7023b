// Package squirrel is a stub of github.com/Masterminds/squirrel for
// analysistest: the names and signatures jobqlint reads (as in squirrel
// v1.5.4), with no behaviour.
package squirrel

import (
	"context"
	"database/sql"
)

type Sqlizer interface {
	ToSql() (string, []interface{}, error)
}

type BaseRunner interface {
	Exec(query string, args ...interface{}) (sql.Result, error)
	Query(query string, args ...interface{}) (*sql.Rows, error)
}

type RowScanner interface {
	Scan(...interface{}) error
}

type PlaceholderFormat interface {
	ReplacePlaceholders(sql string) (string, error)
}

type questionFormat struct{}

func (questionFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

type dollarFormat struct{}

func (dollarFormat) ReplacePlaceholders(sql string) (string, error) { return sql, nil }

var (
	Question = questionFormat{}
	Dollar   = dollarFormat{}
)

type Eq map[string]interface{}
type NotEq map[string]interface{}
type Lt map[string]interface{}
type Gt map[string]interface{}
type LtOrEq map[string]interface{}
type GtOrEq map[string]interface{}

func (Eq) ToSql() (string, []interface{}, error)     { return "", nil, nil }
func (NotEq) ToSql() (string, []interface{}, error)  { return "", nil, nil }
func (Lt) ToSql() (string, []interface{}, error)     { return "", nil, nil }
func (Gt) ToSql() (string, []interface{}, error)     { return "", nil, nil }
func (LtOrEq) ToSql() (string, []interface{}, error) { return "", nil, nil }
func (GtOrEq) ToSql() (string, []interface{}, error) { return "", nil, nil }

type expr struct{}

func (expr) ToSql() (string, []interface{}, error) { return "", nil, nil }

func Expr(sql string, args ...interface{}) Sqlizer { return expr{} }

type StatementBuilderType struct{}

var StatementBuilder = StatementBuilderType{}

func (b StatementBuilderType) PlaceholderFormat(f PlaceholderFormat) StatementBuilderType { return b }
func (b StatementBuilderType) RunWith(runner BaseRunner) StatementBuilderType             { return b }
func (b StatementBuilderType) Select(columns ...string) SelectBuilder                     { return SelectBuilder{} }
func (b StatementBuilderType) Insert(into string) InsertBuilder                           { return InsertBuilder{} }
func (b StatementBuilderType) Update(table string) UpdateBuilder                          { return UpdateBuilder{} }
func (b StatementBuilderType) Delete(from string) DeleteBuilder                           { return DeleteBuilder{} }
func (b StatementBuilderType) Where(pred interface{}, args ...interface{}) StatementBuilderType {
	return b
}

func Select(columns ...string) SelectBuilder { return SelectBuilder{} }
func Insert(into string) InsertBuilder       { return InsertBuilder{} }
func Update(table string) UpdateBuilder      { return UpdateBuilder{} }
func Delete(from string) DeleteBuilder       { return DeleteBuilder{} }

type SelectBuilder struct{}

func (b SelectBuilder) PlaceholderFormat(f PlaceholderFormat) SelectBuilder          { return b }
func (b SelectBuilder) RunWith(runner BaseRunner) SelectBuilder                      { return b }
func (b SelectBuilder) Exec() (sql.Result, error)                                    { return nil, nil }
func (b SelectBuilder) Query() (*sql.Rows, error)                                    { return nil, nil }
func (b SelectBuilder) QueryRow() RowScanner                                         { return nil }
func (b SelectBuilder) QueryRowContext(ctx context.Context) RowScanner               { return nil }
func (b SelectBuilder) Scan(dest ...interface{}) error                               { return nil }
func (b SelectBuilder) ToSql() (string, []interface{}, error)                        { return "", nil, nil }
func (b SelectBuilder) Distinct() SelectBuilder                                      { return b }
func (b SelectBuilder) Columns(columns ...string) SelectBuilder                      { return b }
func (b SelectBuilder) Column(column interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) From(from string) SelectBuilder                               { return b }
func (b SelectBuilder) Where(pred interface{}, args ...interface{}) SelectBuilder    { return b }
func (b SelectBuilder) GroupBy(groupBys ...string) SelectBuilder                     { return b }
func (b SelectBuilder) OrderBy(orderBys ...string) SelectBuilder                     { return b }
func (b SelectBuilder) Limit(limit uint64) SelectBuilder                             { return b }
func (b SelectBuilder) Offset(offset uint64) SelectBuilder                           { return b }
func (b SelectBuilder) Prefix(sql string, args ...interface{}) SelectBuilder         { return b }
func (b SelectBuilder) Suffix(sql string, args ...interface{}) SelectBuilder         { return b }

type UpdateBuilder struct{}

func (b UpdateBuilder) PlaceholderFormat(f PlaceholderFormat) UpdateBuilder       { return b }
func (b UpdateBuilder) RunWith(runner BaseRunner) UpdateBuilder                   { return b }
func (b UpdateBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b UpdateBuilder) ExecContext(ctx context.Context) (sql.Result, error)       { return nil, nil }
func (b UpdateBuilder) QueryRow() RowScanner                                      { return nil }
func (b UpdateBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b UpdateBuilder) Table(table string) UpdateBuilder                          { return b }
func (b UpdateBuilder) Set(column string, value interface{}) UpdateBuilder        { return b }
func (b UpdateBuilder) Where(pred interface{}, args ...interface{}) UpdateBuilder { return b }
func (b UpdateBuilder) OrderBy(orderBys ...string) UpdateBuilder                  { return b }
func (b UpdateBuilder) Limit(limit uint64) UpdateBuilder                          { return b }
func (b UpdateBuilder) Prefix(sql string, args ...interface{}) UpdateBuilder      { return b }
func (b UpdateBuilder) Suffix(sql string, args ...interface{}) UpdateBuilder      { return b }

type InsertBuilder struct{}

func (b InsertBuilder) PlaceholderFormat(f PlaceholderFormat) InsertBuilder  { return b }
func (b InsertBuilder) RunWith(runner BaseRunner) InsertBuilder              { return b }
func (b InsertBuilder) Exec() (sql.Result, error)                            { return nil, nil }
func (b InsertBuilder) QueryRow() RowScanner                                 { return nil }
func (b InsertBuilder) ToSql() (string, []interface{}, error)                { return "", nil, nil }
func (b InsertBuilder) Into(from string) InsertBuilder                       { return b }
func (b InsertBuilder) Columns(columns ...string) InsertBuilder              { return b }
func (b InsertBuilder) Values(values ...interface{}) InsertBuilder           { return b }
func (b InsertBuilder) Suffix(sql string, args ...interface{}) InsertBuilder { return b }
func (b InsertBuilder) SetMap(clauses map[string]interface{}) InsertBuilder  { return b }

type DeleteBuilder struct{}

func (b DeleteBuilder) PlaceholderFormat(f PlaceholderFormat) DeleteBuilder       { return b }
func (b DeleteBuilder) RunWith(runner BaseRunner) DeleteBuilder                   { return b }
func (b DeleteBuilder) Exec() (sql.Result, error)                                 { return nil, nil }
func (b DeleteBuilder) ToSql() (string, []interface{}, error)                     { return "", nil, nil }
func (b DeleteBuilder) From(from string) DeleteBuilder                            { return b }
func (b DeleteBuilder) Where(pred interface{}, args ...interface{}) DeleteBuilder { return b }
func (b DeleteBuilder) Suffix(sql string, args ...interface{}) DeleteBuilder      { return b }

func (b UpdateBuilder) SetMap(clauses map[string]interface{}) UpdateBuilder { return b }

func (b SelectBuilder) JoinClause(pred interface{}, args ...interface{}) SelectBuilder { return b }
func (b SelectBuilder) Join(join string, rest ...interface{}) SelectBuilder            { return b }
func (b SelectBuilder) LeftJoin(join string, rest ...interface{}) SelectBuilder        { return b }
func (b SelectBuilder) RightJoin(join string, rest ...interface{}) SelectBuilder       { return b }
func (b SelectBuilder) InnerJoin(join string, rest ...interface{}) SelectBuilder       { return b }
func (b SelectBuilder) CrossJoin(join string, rest ...interface{}) SelectBuilder       { return b }

type And []Sqlizer
type Or []Sqlizer

func (And) ToSql() (string, []interface{}, error) { return "", nil, nil }
func (Or) ToSql() (string, []interface{}, error)  { return "", nil, nil }
