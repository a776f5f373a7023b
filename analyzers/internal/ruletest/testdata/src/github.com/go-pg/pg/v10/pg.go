// Package pg is a stub of github.com/go-pg/pg/v10: the types and methods
// the fixtures call, with the real signatures (DB's methods are declared
// on the unexported type it embeds, as in go-pg).
package pg

import (
	"context"

	"github.com/go-pg/pg/v10/orm"
)

type Query = orm.Query

type Result = orm.Result

type baseDB struct{}

func (db *baseDB) Model(model ...interface{}) *Query { return nil }
func (db *baseDB) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) Query(model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) QueryOne(model, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (db *baseDB) Begin() (*Tx, error)                                            { return nil, nil }
func (db *baseDB) BeginContext(ctx context.Context) (*Tx, error)                  { return nil, nil }
func (db *baseDB) RunInTransaction(ctx context.Context, fn func(*Tx) error) error { return nil }

type DB struct {
	*baseDB
	ctx context.Context
}

type Tx struct{}

func (tx *Tx) Model(model ...interface{}) *Query { return nil }
func (tx *Tx) Exec(query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) Query(model interface{}, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) QueryOne(model interface{}, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
func (tx *Tx) Commit() error   { return nil }
func (tx *Tx) Rollback() error { return nil }

func (db *baseDB) ModelContext(c context.Context, model ...interface{}) *Query { return nil }
func (tx *Tx) ModelContext(c context.Context, model ...interface{}) *Query     { return nil }

// DBI is what DB and Tx both implement (the methods the fixtures call).
type DBI interface {
	Model(model ...interface{}) *Query
	ModelContext(c context.Context, model ...interface{}) *Query
	Exec(query interface{}, params ...interface{}) (Result, error)
	ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error)
	Query(model, query interface{}, params ...interface{}) (Result, error)
	QueryOne(model, query interface{}, params ...interface{}) (Result, error)
}

func (tx *Tx) ExecContext(c context.Context, query interface{}, params ...interface{}) (Result, error) {
	return nil, nil
}
