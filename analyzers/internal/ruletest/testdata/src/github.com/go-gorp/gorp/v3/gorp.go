// Package gorp is a stub of github.com/go-gorp/gorp/v3 for analysistest: the
// names and signatures jobqlint matches (as in gorp v3.1.0, whose raw-SQL
// methods are v2.2.0's), with no behaviour.
package gorp

import (
	"context"
	"database/sql"
)

type Dialect interface{}

type PostgresDialect struct{}

type DbMap struct {
	Db      *sql.DB
	Dialect Dialect
}

type Transaction struct{}

// SqlExecutor is the interface DbMap and Transaction share.
type SqlExecutor interface {
	WithContext(ctx context.Context) SqlExecutor
	Get(i interface{}, keys ...interface{}) (interface{}, error)
	Insert(list ...interface{}) error
	Update(list ...interface{}) (int64, error)
	Delete(list ...interface{}) (int64, error)
	Exec(query string, args ...interface{}) (sql.Result, error)
	Select(i interface{}, query string, args ...interface{}) ([]interface{}, error)
	SelectInt(query string, args ...interface{}) (int64, error)
	SelectNullInt(query string, args ...interface{}) (sql.NullInt64, error)
	SelectFloat(query string, args ...interface{}) (float64, error)
	SelectNullFloat(query string, args ...interface{}) (sql.NullFloat64, error)
	SelectStr(query string, args ...interface{}) (string, error)
	SelectNullStr(query string, args ...interface{}) (sql.NullString, error)
	SelectOne(holder interface{}, query string, args ...interface{}) error
	Query(query string, args ...interface{}) (*sql.Rows, error)
	QueryRow(query string, args ...interface{}) *sql.Row
}

func (m *DbMap) Begin() (*Transaction, error)                                { return nil, nil }
func (m *DbMap) WithContext(ctx context.Context) SqlExecutor                 { return m }
func (m *DbMap) Get(i interface{}, keys ...interface{}) (interface{}, error) { return nil, nil }
func (m *DbMap) Insert(list ...interface{}) error                            { return nil }
func (m *DbMap) Update(list ...interface{}) (int64, error)                   { return 0, nil }
func (m *DbMap) Delete(list ...interface{}) (int64, error)                   { return 0, nil }
func (m *DbMap) Exec(query string, args ...interface{}) (sql.Result, error)  { return nil, nil }
func (m *DbMap) Select(i interface{}, query string, args ...interface{}) ([]interface{}, error) {
	return nil, nil
}
func (m *DbMap) SelectInt(query string, args ...interface{}) (int64, error) { return 0, nil }
func (m *DbMap) SelectNullInt(query string, args ...interface{}) (sql.NullInt64, error) {
	return sql.NullInt64{}, nil
}
func (m *DbMap) SelectFloat(query string, args ...interface{}) (float64, error) { return 0, nil }
func (m *DbMap) SelectNullFloat(query string, args ...interface{}) (sql.NullFloat64, error) {
	return sql.NullFloat64{}, nil
}
func (m *DbMap) SelectStr(query string, args ...interface{}) (string, error) { return "", nil }
func (m *DbMap) SelectNullStr(query string, args ...interface{}) (sql.NullString, error) {
	return sql.NullString{}, nil
}
func (m *DbMap) SelectOne(holder interface{}, query string, args ...interface{}) error { return nil }
func (m *DbMap) Query(q string, args ...interface{}) (*sql.Rows, error)                { return nil, nil }
func (m *DbMap) QueryRow(query string, args ...interface{}) *sql.Row                   { return nil }

func (t *Transaction) WithContext(ctx context.Context) SqlExecutor { return t }
func (t *Transaction) Get(i interface{}, keys ...interface{}) (interface{}, error) {
	return nil, nil
}
func (t *Transaction) Insert(list ...interface{}) error          { return nil }
func (t *Transaction) Update(list ...interface{}) (int64, error) { return 0, nil }
func (t *Transaction) Delete(list ...interface{}) (int64, error) { return 0, nil }
func (t *Transaction) Exec(query string, args ...interface{}) (sql.Result, error) {
	return nil, nil
}
func (t *Transaction) Select(i interface{}, query string, args ...interface{}) ([]interface{}, error) {
	return nil, nil
}
func (t *Transaction) SelectInt(query string, args ...interface{}) (int64, error) { return 0, nil }
func (t *Transaction) SelectNullInt(query string, args ...interface{}) (sql.NullInt64, error) {
	return sql.NullInt64{}, nil
}
func (t *Transaction) SelectFloat(query string, args ...interface{}) (float64, error) { return 0, nil }
func (t *Transaction) SelectNullFloat(query string, args ...interface{}) (sql.NullFloat64, error) {
	return sql.NullFloat64{}, nil
}
func (t *Transaction) SelectStr(query string, args ...interface{}) (string, error) { return "", nil }
func (t *Transaction) SelectNullStr(query string, args ...interface{}) (sql.NullString, error) {
	return sql.NullString{}, nil
}
func (t *Transaction) SelectOne(holder interface{}, query string, args ...interface{}) error {
	return nil
}
func (t *Transaction) Query(q string, args ...interface{}) (*sql.Rows, error) { return nil, nil }
func (t *Transaction) QueryRow(query string, args ...interface{}) *sql.Row    { return nil }
func (t *Transaction) Commit() error                                          { return nil }
func (t *Transaction) Rollback() error                                        { return nil }
