// Package store keeps the transaction in the context: RunInTx begins it,
// hands its function a context carrying it and commits whatever the
// function returns; Conn takes it out again, or falls back to the pool.
package store

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type txKey struct{}

type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type DB struct{ pool *pgxpool.Pool }

func New(pool *pgxpool.Pool) *DB { return &DB{pool: pool} }

func (d *DB) RunInTx(ctx context.Context, fn func(context.Context) error) error {
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return err
	}
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		log.Printf("job failed: %v", err)
	}
	return tx.Commit(ctx)
}

func (d *DB) Conn(ctx context.Context) Querier {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return tx
	}
	return d.pool
}
