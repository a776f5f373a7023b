// The order is written in the transaction RunInTx carries in the context;
// the job is inserted on the pool, outside it.
package ctxtx

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type txKey struct{}

type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type DB struct{ pool *pgxpool.Pool }

func (d *DB) RunInTx(ctx context.Context, fn func(context.Context) error) error {
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

func (d *DB) conn(ctx context.Context) querier {
	if tx, ok := ctx.Value(txKey{}).(pgx.Tx); ok {
		return tx
	}
	return d.pool
}

// Claim makes jobs a queue table.
func (d *DB) Claim(ctx context.Context) (id int64, err error) {
	err = d.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func (d *DB) PlaceOrder(ctx context.Context, total int64) error {
	return d.RunInTx(ctx, func(ctx context.Context) error {
		var id int64
		if err := d.conn(ctx).QueryRow(ctx, `INSERT INTO orders (total) VALUES ($1) RETURNING id`, total).Scan(&id); err != nil {
			return err
		}
		_, err := d.pool.Exec(ctx, `INSERT INTO jobs (kind, payload) VALUES ('charge', jsonb_build_object('order_id', $1::bigint))`, id) // want `this job is enqueued outside transaction ctx \(from d.RunInTx\), which writes orders and is still open\n.*or enqueue after d.RunInTx returns nil`
		return err
	})
}
