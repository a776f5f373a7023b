// Package pgxpool is a stub of github.com/jackc/pgx/v5/pgxpool for
// analysistest: the names and signatures jobqlint matches, with no behaviour.
package pgxpool

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

type Pool struct{}

func New(ctx context.Context, connString string) (*Pool, error) { return &Pool{}, nil }

func (p *Pool) Close()                                     {}
func (p *Pool) Acquire(ctx context.Context) (*Conn, error) { return &Conn{}, nil }
func (p *Pool) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (p *Pool) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (p *Pool) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (p *Pool) SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults         { return nil }
func (p *Pool) Begin(ctx context.Context) (pgx.Tx, error)                            { return nil, nil }
func (p *Pool) BeginTx(ctx context.Context, txOptions pgx.TxOptions) (pgx.Tx, error) {
	return nil, nil
}

type Conn struct{}

func (c *Conn) Release() {}
func (c *Conn) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (c *Conn) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (c *Conn) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }
func (c *Conn) Begin(ctx context.Context) (pgx.Tx, error)                            { return nil, nil }
func (c *Conn) Conn() *pgx.Conn                                                      { return nil }

type Tx struct{}

func (tx *Tx) Begin(ctx context.Context) (pgx.Tx, error) { return nil, nil }
func (tx *Tx) Commit(ctx context.Context) error          { return nil }
func (tx *Tx) Rollback(ctx context.Context) error        { return nil }
func (tx *Tx) Exec(ctx context.Context, sql string, arguments ...any) (pgconn.CommandTag, error) {
	return pgconn.CommandTag{}, nil
}
func (tx *Tx) Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error) { return nil, nil }
func (tx *Tx) QueryRow(ctx context.Context, sql string, args ...any) pgx.Row        { return nil }

func (p *Pool) CopyFrom(ctx context.Context, tableName pgx.Identifier, columnNames []string, rowSrc pgx.CopyFromSource) (int64, error) {
	return 0, nil
}
