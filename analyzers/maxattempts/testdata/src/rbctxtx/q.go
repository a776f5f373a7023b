// The transaction travels in the context: RunInTx begins it, stores it
// under a key and hands the function that context; the repository takes
// it out again (falling back to the pool outside a transaction). The
// claim, the handler and the mark run in one transaction, and the
// handler's error, returned, rolls the claim back with nothing recorded.
package rbctxtx

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
	if err := fn(context.WithValue(ctx, txKey{}, tx)); err != nil {
		_ = tx.Rollback(ctx)
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

type Job struct {
	ID      int64
	Payload []byte
}

func (d *DB) Claim(ctx context.Context) (*Job, error) {
	var j Job
	err := d.conn(ctx).QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID, &j.Payload)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

func (d *DB) Done(ctx context.Context, id int64) error {
	_, err := d.conn(ctx).Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

func (d *DB) Next(ctx context.Context, handle func(context.Context, []byte) error) error {
	return d.RunInTx(ctx, func(ctx context.Context) error {
		j, err := d.Claim(ctx)
		if err != nil {
			return err
		}
		if err := handle(ctx, j.Payload); err != nil {
			return err // want `this rollback of the claim's transaction puts the job back with no attempt recorded and no limit`
		}
		return d.Done(ctx, j.ID)
	})
}
