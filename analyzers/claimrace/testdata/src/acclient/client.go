// Package acclient wraps database handles the way services do to log or
// time each statement. Client's Exec and Query run the SQL they are given
// on its pool field: a Client is a pool. TxClient's run on a transaction.
// Logged hands the SQL to a helper of its own first: what it runs on is
// not read from its body.
package acclient

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type Client struct {
	name string
	db   *pgxpool.Pool
}

func NewClient(db *pgxpool.Pool) *Client { return &Client{name: "jobs", db: db} }

func (c *Client) Exec(ctx context.Context, sql string, args ...interface{}) (pgconn.CommandTag, error) {
	tag, err := c.db.Exec(ctx, sql, args...)
	return tag, err
}

func (c *Client) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return c.db.Query(ctx, sql, args...)
}

func (c *Client) Begin(ctx context.Context) (pgx.Tx, error) { return c.db.Begin(ctx) }

type TxClient struct{ tx pgx.Tx }

func (c TxClient) Exec(ctx context.Context, sql string, args ...interface{}) (pgconn.CommandTag, error) {
	return c.tx.Exec(ctx, sql, args...)
}

func (c TxClient) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	return c.tx.Query(ctx, sql, args...)
}

type Logged struct {
	db *pgxpool.Pool
	tx pgx.Tx
}

func (c *Logged) Exec(ctx context.Context, sql string, args ...interface{}) (pgconn.CommandTag, error) {
	return c.db.Exec(ctx, sql, args...)
}

// Query runs on the transaction when one is open: which handle runs it
// depends on the value, not on the type.
func (c *Logged) Query(ctx context.Context, sql string, args ...interface{}) (pgx.Rows, error) {
	if c.tx != nil {
		return c.tx.Query(ctx, sql, args...)
	}
	return c.db.Query(ctx, sql, args...)
}
