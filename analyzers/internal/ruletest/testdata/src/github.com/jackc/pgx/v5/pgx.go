// Package pgx is a stub of github.com/jackc/pgx/v5 for analysistest: the
// names and signatures jobqlint matches (as in pgx v5.13), with no behaviour.
package pgx

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

var ErrNoRows = errors.New("no rows in result set")

type Row interface {
	Scan(dest ...any) error
}

type Rows interface {
	Close()
	Err() error
	CommandTag() pgconn.CommandTag
	Next() bool
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
}

type CollectableRow interface {
	Scan(dest ...any) error
	Values() ([]any, error)
	RawValues() [][]byte
}

type RowToFunc[T any] func(row CollectableRow) (T, error)

func CollectRows[T any](rows Rows, fn RowToFunc[T]) ([]T, error)        { return nil, nil }
func CollectOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error)        { var t T; return t, nil }
func RowToMap(row CollectableRow) (map[string]any, error)               { return nil, nil }
func RowToStructByName[T any](row CollectableRow) (T, error)            { var t T; return t, nil }
func CollectExactlyOneRow[T any](rows Rows, fn RowToFunc[T]) (T, error) { var t T; return t, nil }
func RowTo[T any](row CollectableRow) (T, error)                        { var t T; return t, nil }
func RowToStructByPos[T any](row CollectableRow) (T, error)             { var t T; return t, nil }
func RowToAddrOfStructByName[T any](row CollectableRow) (*T, error)     { var t T; return &t, nil }
func ForEachRow(rows Rows, scans []any, fn func() error) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}

type Conn struct{}

func Connect(ctx context.Context, connString string) (*Conn, error) { return &Conn{}, nil }

func (c *Conn) Close(ctx context.Context) error { return nil }
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) Row        { return nil }
func (c *Conn) Begin(ctx context.Context) (Tx, error)                            { return nil, nil }
func (c *Conn) BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)     { return nil, nil }
func (c *Conn) SendBatch(ctx context.Context, b *Batch) BatchResults             { return nil }

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
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
	SendBatch(ctx context.Context, b *Batch) BatchResults
	Exec(ctx context.Context, sql string, arguments ...any) (commandTag pgconn.CommandTag, err error)
	Query(ctx context.Context, sql string, args ...any) (Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) Row
	Conn() *Conn
}

func BeginFunc(ctx context.Context, db interface {
	Begin(ctx context.Context) (Tx, error)
}, fn func(Tx) error) (err error) {
	return nil
}

func BeginTxFunc(ctx context.Context, db interface {
	BeginTx(ctx context.Context, txOptions TxOptions) (Tx, error)
}, txOptions TxOptions, fn func(Tx) error) (err error) {
	return nil
}

type QueuedQuery struct{}

type Batch struct{ QueuedQueries []*QueuedQuery }

func (b *Batch) Queue(query string, arguments ...any) *QueuedQuery { return &QueuedQuery{} }
func (b *Batch) Len() int                                          { return 0 }

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

// CopyFromSource is a copy's rows.
type CopyFromSource interface {
	Next() bool
	Values() ([]any, error)
	Err() error
}

func CopyFromRows(rows [][]any) CopyFromSource                               { return nil }
func CopyFromSlice(length int, next func(int) ([]any, error)) CopyFromSource { return nil }

func (c *Conn) CopyFrom(ctx context.Context, tableName Identifier, columnNames []string, rowSrc CopyFromSource) (int64, error) {
	return 0, nil
}

type QueryRewriter interface {
	RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error)
}

type NamedArgs map[string]any

func (na NamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}

type StrictNamedArgs map[string]any

func (sna StrictNamedArgs) RewriteQuery(ctx context.Context, conn *Conn, sql string, args []any) (newSQL string, newArgs []any, err error) {
	return sql, args, nil
}

func StructArgs(sa any) QueryRewriter { return NamedArgs{} }
