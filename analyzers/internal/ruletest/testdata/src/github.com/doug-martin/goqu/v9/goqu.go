// Package goqu is a stand-in for github.com/doug-martin/goqu/v9: the
// types and signatures the analyzers read, no behaviour.
package goqu

import (
	"context"
	"database/sql"

	"github.com/doug-martin/goqu/v9/exec"
	"github.com/doug-martin/goqu/v9/exp"
)

type (
	Record = exp.Record
	Ex     = exp.Ex
	Op     = exp.Op
	Vals   = exp.Vals
)

type SQLDatabase interface {
	Begin() (*sql.Tx, error)
	ExecContext(ctx context.Context, query string, args ...interface{}) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...interface{}) (*sql.Rows, error)
}

func C(col string) exp.IdentifierExpression                   { return nil }
func I(ident string) exp.IdentifierExpression                 { return nil }
func T(table string) exp.IdentifierExpression                 { return nil }
func S(schema string) exp.IdentifierExpression                { return nil }
func L(sql string, args ...interface{}) exp.LiteralExpression { return nil }
func Or(exps ...exp.Expression) exp.ExpressionList            { return nil }
func And(exps ...exp.Expression) exp.ExpressionList           { return nil }
func COUNT(col interface{}) exp.SQLFunctionExpression         { return nil }
func MIN(col interface{}) exp.SQLFunctionExpression           { return nil }
func MAX(col interface{}) exp.SQLFunctionExpression           { return nil }
func SetDefaultPrepared(prepared bool)                        {}

type DialectWrapper struct{ dialect string }

func Dialect(dt string) DialectWrapper { return DialectWrapper{dt} }

func (d DialectWrapper) From(table ...interface{}) *SelectDataset  { return nil }
func (d DialectWrapper) Select(cols ...interface{}) *SelectDataset { return nil }
func (d DialectWrapper) Update(table interface{}) *UpdateDataset   { return nil }
func (d DialectWrapper) Insert(table interface{}) *InsertDataset   { return nil }
func (d DialectWrapper) Delete(table interface{}) *DeleteDataset   { return nil }
func (d DialectWrapper) DB(db SQLDatabase) *Database               { return nil }

func From(table ...interface{}) *SelectDataset  { return nil }
func Select(cols ...interface{}) *SelectDataset { return nil }
func Update(table interface{}) *UpdateDataset   { return nil }
func Insert(table interface{}) *InsertDataset   { return nil }
func Delete(table interface{}) *DeleteDataset   { return nil }

type Database struct{}

func New(dialect string, db SQLDatabase) *Database                             { return nil }
func (d *Database) From(from ...interface{}) *SelectDataset                    { return nil }
func (d *Database) Select(cols ...interface{}) *SelectDataset                  { return nil }
func (d *Database) Update(table interface{}) *UpdateDataset                    { return nil }
func (d *Database) Insert(table interface{}) *InsertDataset                    { return nil }
func (d *Database) Delete(table interface{}) *DeleteDataset                    { return nil }
func (d *Database) Begin() (*TxDatabase, error)                                { return nil, nil }
func (d *Database) WithTx(fn func(*TxDatabase) error) error                    { return nil }
func (d *Database) Exec(query string, args ...interface{}) (sql.Result, error) { return nil, nil }

type TxDatabase struct{}

func NewTx(dialect string, tx *sql.Tx) *TxDatabase              { return nil }
func (d *TxDatabase) From(cols ...interface{}) *SelectDataset   { return nil }
func (d *TxDatabase) Select(cols ...interface{}) *SelectDataset { return nil }
func (d *TxDatabase) Update(table interface{}) *UpdateDataset   { return nil }
func (d *TxDatabase) Insert(table interface{}) *InsertDataset   { return nil }
func (d *TxDatabase) Delete(table interface{}) *DeleteDataset   { return nil }
func (d *TxDatabase) Commit() error                             { return nil }
func (d *TxDatabase) Rollback() error                           { return nil }

type SelectDataset struct{}

func (sd *SelectDataset) WithDialect(dl string) *SelectDataset                { return sd }
func (sd *SelectDataset) Prepared(prepared bool) *SelectDataset               { return sd }
func (sd *SelectDataset) Select(selects ...interface{}) *SelectDataset        { return sd }
func (sd *SelectDataset) From(from ...interface{}) *SelectDataset             { return sd }
func (sd *SelectDataset) Where(expressions ...exp.Expression) *SelectDataset  { return sd }
func (sd *SelectDataset) GroupBy(groupBy ...interface{}) *SelectDataset       { return sd }
func (sd *SelectDataset) Order(order ...exp.OrderedExpression) *SelectDataset { return sd }
func (sd *SelectDataset) Limit(limit uint) *SelectDataset                     { return sd }
func (sd *SelectDataset) Offset(offset uint) *SelectDataset                   { return sd }
func (sd *SelectDataset) ForUpdate(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ForNoKeyUpdate(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ForShare(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ForKeyShare(w exp.WaitOption, of ...exp.IdentifierExpression) *SelectDataset {
	return sd
}
func (sd *SelectDataset) ToSQL() (string, []interface{}, error)                       { return "", nil, nil }
func (sd *SelectDataset) Executor() exec.QueryExecutor                                { return exec.QueryExecutor{} }
func (sd *SelectDataset) ScanStructs(i interface{}) error                             { return nil }
func (sd *SelectDataset) ScanStructsContext(ctx context.Context, i interface{}) error { return nil }
func (sd *SelectDataset) ScanStruct(i interface{}) (bool, error)                      { return false, nil }
func (sd *SelectDataset) ScanStructContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (sd *SelectDataset) ScanVal(i interface{}) (bool, error) { return false, nil }
func (sd *SelectDataset) ScanValContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (sd *SelectDataset) ScanVals(i interface{}) error { return nil }

type UpdateDataset struct{}

func (ud *UpdateDataset) WithDialect(dl string) *UpdateDataset               { return ud }
func (ud *UpdateDataset) Prepared(prepared bool) *UpdateDataset              { return ud }
func (ud *UpdateDataset) Set(values interface{}) *UpdateDataset              { return ud }
func (ud *UpdateDataset) Where(expressions ...exp.Expression) *UpdateDataset { return ud }
func (ud *UpdateDataset) Returning(returning ...interface{}) *UpdateDataset  { return ud }
func (ud *UpdateDataset) ToSQL() (string, []interface{}, error)              { return "", nil, nil }
func (ud *UpdateDataset) Executor() exec.QueryExecutor                       { return exec.QueryExecutor{} }

type InsertDataset struct{}

func (id *InsertDataset) WithDialect(dl string) *InsertDataset              { return id }
func (id *InsertDataset) Prepared(prepared bool) *InsertDataset             { return id }
func (id *InsertDataset) Rows(rows ...interface{}) *InsertDataset           { return id }
func (id *InsertDataset) Cols(cols ...interface{}) *InsertDataset           { return id }
func (id *InsertDataset) Vals(vals ...[]interface{}) *InsertDataset         { return id }
func (id *InsertDataset) Returning(returning ...interface{}) *InsertDataset { return id }
func (id *InsertDataset) ToSQL() (string, []interface{}, error)             { return "", nil, nil }
func (id *InsertDataset) Executor() exec.QueryExecutor                      { return exec.QueryExecutor{} }

type DeleteDataset struct{}

func (dd *DeleteDataset) WithDialect(dl string) *DeleteDataset               { return dd }
func (dd *DeleteDataset) Prepared(prepared bool) *DeleteDataset              { return dd }
func (dd *DeleteDataset) Where(expressions ...exp.Expression) *DeleteDataset { return dd }
func (dd *DeleteDataset) Returning(returning ...interface{}) *DeleteDataset  { return dd }
func (dd *DeleteDataset) ToSQL() (string, []interface{}, error)              { return "", nil, nil }
func (dd *DeleteDataset) Executor() exec.QueryExecutor                       { return exec.QueryExecutor{} }
