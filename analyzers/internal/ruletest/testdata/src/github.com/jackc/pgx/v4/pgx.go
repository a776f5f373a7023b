// Package pgx is a stub of github.com/jackc/pgx/v4 for analysistest: the
// names and signatures jobqlint matches (as in pgx v4.18), with no
// behaviour. Unlike v5, BeginFunc and BeginTxFunc are methods.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type Row interface {
	Scan(dest ...interface{}) error
}

type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	Next() bool
	Scan(dest ...interface{}) error
	Values() ([]interface{}, error)
	RawValues() [][]byte
}

type QueryFuncRow interface {
	RawValues() [][]byte
}

type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...interface{}) (pgconn.CommandTag, error) {
	return nil, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...interface{}) (Rows, error) {
	return nil, nil
}
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...interface{}) Row { return nil }
func (c *Conn) Begin(ctx context.Context) (Tx, error)                             { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)      { return nil, nil }
func (c *Conn) BeginFunc(ctx context.Context, f func(Tx) error) (err error)       { return nil }
func (c *Conn) BeginTxFunc(ctx context.Context, txOptions TxOptions, f func(Tx) error) (err error) {
	return nil
}
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults { return nil }

// TxIsoLevel is the transaction isolation level.
type TxIsoLevel string

const (
	Serializable    TxIsoLevel = "serializable"
	RepeatableRead  TxIsoLevel = "repeatable read"
	ReadCommitted   TxIsoLevel = "read committed"
	ReadUncommitted TxIsoLevel = "read uncommitted"
)

type TxOptions struct {
	IsoLevel TxIsoLevel
}

type Tx interface {
	Begin(ctx context.Context) (Tx, error)
	BeginFunc(ctx context.Context, f func(Tx) error) (err error)
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	SendBatch(ctx context.Context, b *Batch) BatchResults
	Exec(ctx context.Context, sql string, arguments ...interface{}) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...interface{}) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...interface{}) Row
	Conn() *Conn
}

type Batch struct{}

func (b *Batch) Queue(query string, arguments ...interface{}) {}
func (b *Batch) Len() int                                     { return 0 }

type BatchResults interface {
	Exec() (pgconn.CommandTag, error)
	Query() (Rows, error)
	QueryRow() Row
	Close() error
}

// Identifier is a PostgreSQL identifier or name; Sanitize quotes its parts
// and joins them with dots.
type Identifier []string

func (ident Identifier) Sanitize() string { return "" }
