// Package gorm is a stub of gorm.io/gorm with its names and signatures,
// for analysistest.
package gorm

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"time"

	"gorm.io/gorm/clause"
)

type Dialector interface {
	Name() string
}

type Option interface{}

type Config struct {
	SkipDefaultTransaction bool
	DryRun                 bool
	Dialector
}

type Session struct {
	DryRun  bool
	NewDB   bool
	Context context.Context
}

type Statement struct {
	Table string
}

type DB struct {
	*Config
	Error        error
	RowsAffected int64
	Statement    *Statement
}

type DeletedAt sql.NullTime

func (n *DeletedAt) Scan(value interface{}) error { return nil }
func (n DeletedAt) Value() (driver.Value, error)  { return nil, nil }

type Model struct {
	ID        uint `gorm:"primarykey"`
	CreatedAt time.Time
	UpdatedAt time.Time
	DeletedAt DeletedAt `gorm:"index"`
}

var ErrRecordNotFound error

func Open(dialector Dialector, opts ...Option) (*DB, error) { return nil, nil }

func Expr(expr string, args ...interface{}) clause.Expr { return clause.Expr{} }

func (db *DB) Model(value interface{}) (tx *DB)                                      { return db }
func (db *DB) Table(name string, args ...interface{}) (tx *DB)                       { return db }
func (db *DB) Clauses(conds ...clause.Expression) (tx *DB)                           { return db }
func (db *DB) Select(query interface{}, args ...interface{}) (tx *DB)                { return db }
func (db *DB) Omit(columns ...string) (tx *DB)                                       { return db }
func (db *DB) Where(query interface{}, args ...interface{}) (tx *DB)                 { return db }
func (db *DB) Or(query interface{}, args ...interface{}) (tx *DB)                    { return db }
func (db *DB) Not(query interface{}, args ...interface{}) (tx *DB)                   { return db }
func (db *DB) Order(value interface{}) (tx *DB)                                      { return db }
func (db *DB) Limit(limit int) (tx *DB)                                              { return db }
func (db *DB) Offset(offset int) (tx *DB)                                            { return db }
func (db *DB) Scopes(funcs ...func(*DB) *DB) (tx *DB)                                { return db }
func (db *DB) Joins(query string, args ...interface{}) (tx *DB)                      { return db }
func (db *DB) Unscoped() (tx *DB)                                                    { return db }
func (db *DB) Raw(sql string, values ...interface{}) (tx *DB)                        { return db }
func (db *DB) Session(config *Session) *DB                                           { return db }
func (db *DB) WithContext(ctx context.Context) *DB                                   { return db }
func (db *DB) Debug() (tx *DB)                                                       { return db }
func (db *DB) Set(key string, value any) *DB                                         { return db }
func (db *DB) Create(value interface{}) (tx *DB)                                     { return db }
func (db *DB) Save(value interface{}) (tx *DB)                                       { return db }
func (db *DB) First(dest interface{}, conds ...interface{}) (tx *DB)                 { return db }
func (db *DB) Take(dest interface{}, conds ...interface{}) (tx *DB)                  { return db }
func (db *DB) Last(dest interface{}, conds ...interface{}) (tx *DB)                  { return db }
func (db *DB) Find(dest interface{}, conds ...interface{}) (tx *DB)                  { return db }
func (db *DB) Update(column string, value interface{}) (tx *DB)                      { return db }
func (db *DB) Updates(values interface{}) (tx *DB)                                   { return db }
func (db *DB) UpdateColumn(column string, value interface{}) (tx *DB)                { return db }
func (db *DB) UpdateColumns(values interface{}) (tx *DB)                             { return db }
func (db *DB) Delete(value interface{}, conds ...interface{}) (tx *DB)               { return db }
func (db *DB) Count(count *int64) (tx *DB)                                           { return db }
func (db *DB) Row() *sql.Row                                                         { return nil }
func (db *DB) Rows() (*sql.Rows, error)                                              { return nil, nil }
func (db *DB) Scan(dest interface{}) (tx *DB)                                        { return db }
func (db *DB) Pluck(column string, dest interface{}) (tx *DB)                        { return db }
func (db *DB) AutoMigrate(dst ...interface{}) error                                  { return nil }
func (db *DB) Transaction(fc func(tx *DB) error, opts ...*sql.TxOptions) (err error) { return nil }
func (db *DB) Begin(opts ...*sql.TxOptions) *DB                                      { return db }
func (db *DB) Commit() *DB                                                           { return db }
func (db *DB) Rollback() *DB                                                         { return db }
func (db *DB) Exec(sql string, values ...interface{}) (tx *DB)                       { return db }

// The generic API (gorm.io/gorm v1.30 and later), with the real method
// sets reduced to the methods the fixtures call.

func G[T any](db *DB, opts ...clause.Expression) Interface[T] { return nil }

type Interface[T any] interface {
	Raw(sql string, values ...interface{}) ExecInterface[T]
	Exec(ctx context.Context, sql string, values ...interface{}) error
	CreateInterface[T]
}

type CreateInterface[T any] interface {
	ExecInterface[T]
	Where(query interface{}, args ...interface{}) ChainInterface[T]
	Or(query interface{}, args ...interface{}) ChainInterface[T]
	Limit(offset int) ChainInterface[T]
	Offset(offset int) ChainInterface[T]
	Select(query string, args ...interface{}) CreateInterface[T]
	Order(value interface{}) ChainInterface[T]
	Delete(ctx context.Context) (rowsAffected int, err error)
	Update(ctx context.Context, name string, value any) (rowsAffected int, err error)
	Updates(ctx context.Context, t T) (rowsAffected int, err error)
	Count(ctx context.Context, column string) (result int64, err error)
	Table(name string, args ...interface{}) CreateInterface[T]
	Create(ctx context.Context, r *T) error
}

type ChainInterface[T any] interface {
	ExecInterface[T]
	Where(query interface{}, args ...interface{}) ChainInterface[T]
	Or(query interface{}, args ...interface{}) ChainInterface[T]
	Limit(offset int) ChainInterface[T]
	Offset(offset int) ChainInterface[T]
	Select(query string, args ...interface{}) ChainInterface[T]
	Order(value interface{}) ChainInterface[T]
	Table(name string, args ...interface{}) ChainInterface[T]
	Delete(ctx context.Context) (rowsAffected int, err error)
	Update(ctx context.Context, name string, value any) (rowsAffected int, err error)
	Updates(ctx context.Context, t T) (rowsAffected int, err error)
	Count(ctx context.Context, column string) (result int64, err error)
}

type ExecInterface[T any] interface {
	Scan(ctx context.Context, r interface{}) error
	First(context.Context) (T, error)
	Last(ctx context.Context) (T, error)
	Take(context.Context) (T, error)
	Find(ctx context.Context) ([]T, error)
}
