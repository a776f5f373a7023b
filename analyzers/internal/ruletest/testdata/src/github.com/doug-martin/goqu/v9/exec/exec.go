// Package exec is a stand-in for goqu's executor package.
package exec

import (
	"context"
	"database/sql"
)

type QueryExecutor struct{ sql string }

func (q QueryExecutor) Exec() (sql.Result, error)                                   { return nil, nil }
func (q QueryExecutor) ExecContext(ctx context.Context) (sql.Result, error)         { return nil, nil }
func (q QueryExecutor) ScanStructs(i interface{}) error                             { return nil }
func (q QueryExecutor) ScanStructsContext(ctx context.Context, i interface{}) error { return nil }
func (q QueryExecutor) ScanStruct(i interface{}) (bool, error)                      { return false, nil }
func (q QueryExecutor) ScanStructContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (q QueryExecutor) ScanVal(i interface{}) (bool, error) { return false, nil }
func (q QueryExecutor) ScanValContext(ctx context.Context, i interface{}) (bool, error) {
	return false, nil
}
func (q QueryExecutor) ScanVals(i interface{}) error          { return nil }
func (q QueryExecutor) ToSQL() (string, []interface{}, error) { return q.sql, nil, nil }
