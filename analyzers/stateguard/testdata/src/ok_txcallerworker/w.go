// Callers of txcallerstore.Complete that lock the job's row first in the
// transaction they give it, or whose transaction is out of sight.
package ok_txcallerworker

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"txcallerstore"
)

// Finish reads the job FOR UPDATE, and completes it only while it still
// runs.
func Finish(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var status string
	if err := tx.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if status != "running" {
		return nil
	}
	if err := txcallerstore.Complete(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// FinishIn is given its transaction: its callers decide.
func FinishIn(ctx context.Context, tx pgx.Tx, id int64) error {
	return txcallerstore.Complete(ctx, tx, id)
}

// FinishLocked gives the transaction to a lock of its own first, which
// the tool does not read.
func FinishLocked(ctx context.Context, pool *pgxpool.Pool, id int64, lock func(context.Context, pgx.Tx, int64) error) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := lock(ctx, tx, id); err != nil {
		return err
	}
	if err := txcallerstore.Complete(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
