// The helper hands the function a context carrying the transaction, but
// commits whatever the function returns: the handler's error does not roll
// the claim back.
package ok_rbctxcommit

import (
	"context"
	"log"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

type ctxKey string

const txKey ctxKey = "tx"

type querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

type txRunner interface {
	RunInTx(ctx context.Context, fn func(context.Context) error) error
}

type jobRepo interface {
	Claim(ctx context.Context) (*Job, error)
	Done(ctx context.Context, id int64) error
}

type DB struct{ pool *pgxpool.Pool }

func (d *DB) RunInTx(ctx context.Context, fn func(context.Context) error) error {
	tx, err := d.pool.Begin(ctx)
	if err != nil {
		return err
	}
	txCtx := context.WithValue(ctx, txKey, tx)
	if err := fn(txCtx); err != nil {
		log.Printf("job failed: %v", err)
	}
	return tx.Commit(ctx)
}

func (d *DB) conn(ctx context.Context) querier {
	tx, _ := ctx.Value(txKey).(pgx.Tx)
	if tx != nil {
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
	q := d.conn(ctx)
	err := q.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&j.ID, &j.Payload)
	if err != nil {
		return nil, err
	}
	return &j, nil
}

func (d *DB) Done(ctx context.Context, id int64) error {
	_, err := d.conn(ctx).Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

type Worker struct {
	tx     txRunner
	jobs   jobRepo
	handle func(context.Context, []byte) error
}

func NewWorker(pool *pgxpool.Pool, handle func(context.Context, []byte) error) *Worker {
	db := &DB{pool: pool}
	return &Worker{tx: db, jobs: db, handle: handle}
}

func (w *Worker) Next(ctx context.Context) error {
	return w.tx.RunInTx(ctx, func(ctx context.Context) error {
		j, err := w.jobs.Claim(ctx)
		if err != nil {
			return err
		}
		if err := w.handle(ctx, j.Payload); err != nil {
			return err
		}
		return w.jobs.Done(ctx, j.ID)
	})
}
