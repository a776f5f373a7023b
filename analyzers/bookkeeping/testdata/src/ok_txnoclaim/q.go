// The transaction that writes the completion does not hold the claim (it
// was taken on the pool, in another transaction, or is taken after the
// completion): an early return there is not this check's concern.
package ok_txnoclaim

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func handle(ctx context.Context, id int64) error { return nil }

const claim = `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`

func onPool(ctx context.Context, pool *pgxpool.Pool) error {
	var id int64
	if err := pool.QueryRow(ctx, claim).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return tx.Commit(ctx)
}

func otherTx(ctx context.Context, pool *pgxpool.Pool) error {
	claimTx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer claimTx.Rollback(ctx)
	var id int64
	if err := claimTx.QueryRow(ctx, claim).Scan(&id); err != nil {
		return err
	}
	if err := claimTx.Commit(ctx); err != nil {
		return err
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return tx.Commit(ctx)
}

// Records the previous job's success, then claims the next, in one
// transaction.
func next(ctx context.Context, pool *pgxpool.Pool, prev int64) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, prev); err != nil {
		return 0, err
	}
	if ctx.Err() != nil {
		return 0, ctx.Err()
	}
	var id int64
	if err := tx.QueryRow(ctx, claim).Scan(&id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}
