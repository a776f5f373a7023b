// Package pop is a stub of github.com/gobuffalo/pop/v6 for analysistest:
// the names and signatures jobqlint reads (as in pop v6.1), with no
// behaviour.
package pop

import (
	"context"
	"database/sql"
)

type Connection struct {
	TX      *Tx
	Dialect dialect
	Store   store
}

// store is what a Connection sends SQL through (sqlx underneath).
type store interface {
	NamedExec(string, interface{}) (sql.Result, error)
	NamedExecContext(context.Context, string, interface{}) (sql.Result, error)
}

// Model is pop's view of a model value (pop.NewModel).
type Model struct {
	Value interface{}
	As    string
}

// Value is what NewModel is given: any model value.
type Value interface{}

func NewModel(v Value, ctx context.Context) *Model { return &Model{Value: v} }
func (m *Model) TableName() string                 { return "" }
func (m *Model) Alias() string                     { return "" }
func (m *Model) IDField() string                   { return "" }
func (m *Model) WhereNamedID() string              { return "" }

// dialect is pop's interface of its dialects; each names itself
// ("postgres", "cockroach", "mysql", "mariadb", "sqlite3").
type dialect interface {
	Name() string
}

type Tx struct{ *sql.Tx }

type Query struct {
	Connection *Connection
}

func Connect(e string) (*Connection, error) { return &Connection{}, nil }
func Q(c *Connection) *Query                { return &Query{Connection: c} }

func (c *Connection) Q() *Query                                        { return Q(c) }
func (c *Connection) WithContext(ctx context.Context) *Connection      { return c }
func (c *Connection) RawQuery(stmt string, args ...interface{}) *Query { return Q(c) }
func (c *Connection) Where(stmt string, args ...interface{}) *Query    { return Q(c) }
func (c *Connection) Order(stmt string, args ...interface{}) *Query    { return Q(c) }
func (c *Connection) Limit(limit int) *Query                           { return Q(c) }
func (c *Connection) Transaction(fn func(tx *Connection) error) error  { return fn(c) }
func (c *Connection) Find(model interface{}, id interface{}) error     { return nil }
func (c *Connection) First(model interface{}) error                    { return nil }
func (c *Connection) Last(model interface{}) error                     { return nil }
func (c *Connection) All(models interface{}) error                     { return nil }
func (c *Connection) Create(model interface{}, excludeColumns ...string) error {
	return nil
}

// Errors stands for github.com/gobuffalo/validate/v3's Errors, which the
// validating writes return first.
type Errors struct{}

func (c *Connection) ValidateAndCreate(model interface{}, excludeColumns ...string) (*Errors, error) {
	return nil, nil
}
func (c *Connection) ValidateAndUpdate(model interface{}, excludeColumns ...string) (*Errors, error) {
	return nil, nil
}
func (c *Connection) Update(model interface{}, excludeColumns ...string) error {
	return nil
}
func (c *Connection) UpdateColumns(model interface{}, columnNames ...string) error {
	return nil
}
func (c *Connection) Destroy(model interface{}) error { return nil }

func (q *Query) RawQuery(stmt string, args ...interface{}) *Query { return q }
func (q *Query) Where(stmt string, args ...interface{}) *Query    { return q }
func (q *Query) Order(stmt string, args ...interface{}) *Query    { return q }
func (q *Query) Limit(limit int) *Query                           { return q }
func (q *Query) Exec() error                                      { return nil }
func (q *Query) ExecWithCount() (int, error)                      { return 0, nil }
func (q *Query) Find(model interface{}, id interface{}) error     { return nil }
func (q *Query) First(model interface{}) error                    { return nil }
func (q *Query) Last(model interface{}) error                     { return nil }
func (q *Query) All(models interface{}) error                     { return nil }
func (q Query) Count(model interface{}) (int, error)              { return 0, nil }
