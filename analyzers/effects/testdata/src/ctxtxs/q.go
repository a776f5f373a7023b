// Transactions carried in a context, reached through interfaces whose
// receivers the package shows.
package ctxtxs

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type ctxKey string

const txKey ctxKey = "tx"

type otherKey struct{}

type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type txRunner interface {
	RunInTx(ctx context.Context, fn func(context.Context) error) error
}

type jobRepo interface {
	Claim(ctx context.Context) (int64, error)
}

type DB struct {
	pool  *pgxpool.Pool
	useTx bool
}

// RunInTx hands fn a context that carries the transaction, and rolls back
// on fn's error.
func (d *DB) RunInTx(ctx context.Context, fn func(context.Context) error) error {
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := fn(context.WithValue(ctx, txKey, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// conn takes the transaction out of the context, or falls back to the
// pool.
func (d *DB) conn(ctx context.Context) querier {
	if tx, ok := ctx.Value(txKey).(pgx.Tx); ok {
		return tx
	}
	return d.pool
}

// pick chooses by a setting, not by what the context carries.
func (d *DB) pick(ctx context.Context) querier {
	if d.useTx {
		return ctx.Value(txKey).(pgx.Tx)
	}
	return d.pool
}

func (d *DB) Claim(ctx context.Context) (int64, error) {
	var id int64
	err := d.conn(ctx).QueryRow(ctx, `SELECT id FROM jobs LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id) // want `begun L105\(begin L104\) L116\(begin L112\)`
	return id, err
}

func (d *DB) claimPicked(ctx context.Context) error {
	_, err := d.pick(ctx).Exec(ctx, `SELECT 1`) // want `begun none`
	return err
}

func (d *DB) claimOther(ctx context.Context) error {
	tx, ok := ctx.Value(otherKey{}).(pgx.Tx)
	if !ok {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT 1`) // want `begun none`
	return err
}

type Worker struct {
	tx   txRunner
	jobs jobRepo
	two  txRunner
}

func NewWorker(pool *pgxpool.Pool, fake bool) *Worker {
	db := &DB{pool: pool}
	w := &Worker{tx: db, jobs: db, two: db}
	if fake {
		w.two = noTx{}
	}
	return w
}

func (w *Worker) Next(ctx context.Context) error {
	return w.tx.RunInTx(ctx, func(ctx context.Context) error {
		_, err := w.jobs.Claim(ctx)
		return err
	})
}

// Next2 runs under a derived context, and calls the repository directly.
func (d *DB) Next2(ctx context.Context) error {
	return d.RunInTx(ctx, func(ctx context.Context) error {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		ctx = context.WithValue(ctx, otherKey{}, 1)
		_, err := d.Claim(ctx)
		if err := d.claimPicked(ctx); err != nil {
			return err
		}
		_ = d.claimOther(ctx)
		return err
	})
}

// NextTwo reaches RunInTx through a field that may hold another type.
func (w *Worker) NextTwo(ctx context.Context, d *DB) error {
	return w.two.RunInTx(ctx, func(ctx context.Context) error {
		_, err := d.Exec2(ctx)
		return err
	})
}

func (d *DB) Exec2(ctx context.Context) (int64, error) {
	_, err := d.conn(ctx).Exec(ctx, `SELECT 2`) // want `begun L149\(begin L144\)`
	return 0, err
}

type noTx struct{}

func (noTx) RunInTx(ctx context.Context, fn func(context.Context) error) error { return fn(ctx) }

// Direct stores the transaction itself and calls the repository.
func (d *DB) Direct(ctx context.Context) error {
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := d.Exec2(context.WithValue(ctx, txKey, tx)); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
