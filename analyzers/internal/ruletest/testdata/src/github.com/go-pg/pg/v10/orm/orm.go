// Package orm is a stub of github.com/go-pg/pg/v10/orm: the query builder
// methods the fixtures call, with the real signatures.
package orm

import "context"

type Result interface {
	RowsAffected() int
}

type Query struct{}

func (q *Query) Table(tables ...string) *Query                          { return q }
func (q *Query) TableExpr(expr string, params ...interface{}) *Query    { return q }
func (q *Query) Column(columns ...string) *Query                        { return q }
func (q *Query) ColumnExpr(expr string, params ...interface{}) *Query   { return q }
func (q *Query) Where(condition string, params ...interface{}) *Query   { return q }
func (q *Query) WhereOr(condition string, params ...interface{}) *Query { return q }
func (q *Query) WherePK() *Query                                        { return q }
func (q *Query) Set(set string, params ...interface{}) *Query           { return q }
func (q *Query) Order(orders ...string) *Query                          { return q }
func (q *Query) OrderExpr(order string, params ...interface{}) *Query   { return q }
func (q *Query) Limit(n int) *Query                                     { return q }
func (q *Query) Offset(n int) *Query                                    { return q }
func (q *Query) For(s string, params ...interface{}) *Query             { return q }
func (q *Query) Returning(s string, params ...interface{}) *Query       { return q }
func (q *Query) Select(values ...interface{}) error                     { return nil }
func (q *Query) Update(scan ...interface{}) (Result, error)             { return nil, nil }
func (q *Query) Insert(values ...interface{}) (Result, error)           { return nil, nil }
func (q *Query) Delete(values ...interface{}) (Result, error)           { return nil, nil }
func (q *Query) Count() (int, error)                                    { return 0, nil }

// DB is the interface go-pg's queries run on (the methods the fixtures
// call).
type DB interface {
	Model(model ...interface{}) *Query
	ModelContext(c context.Context, model ...interface{}) *Query
}

func (q *Query) WhereIn(where string, slice interface{}) *Query   { return q }
func (q *Query) WhereInOr(where string, slice interface{}) *Query { return q }
