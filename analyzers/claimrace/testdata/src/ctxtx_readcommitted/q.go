// An unlocked SELECT and the UPDATE run in the transaction RunInTx carries
// in the context, at the default READ COMMITTED: two claimers read the
// same row and both UPDATEs succeed.
package ctxtx_readcommitted

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

func (d *DB) Claim(ctx context.Context) (id int64, err error) {
	err = d.RunInTx(ctx, func(ctx context.Context) error {
		if err := d.conn(ctx).QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
			return err
		}
		_, err := d.conn(ctx).Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
		return err
	})
	return id, err
}
