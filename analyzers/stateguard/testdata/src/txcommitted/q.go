// The row lock of a FOR UPDATE read ends with the transaction that took
// it: an UPDATE in a transaction begun after that one committed holds no
// lock, and re-checks nothing. So does a lock taken through a helper on
// another transaction, or by a helper that takes it only sometimes.
package txcommitted

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	check, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	var status string
	if err := check.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		check.Rollback(ctx)
		return err
	}
	if err := check.Commit(ctx); err != nil {
		return err
	}
	if status != "running" {
		return errors.New("the job is no longer running")
	}
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil { // want `sets status to 'done' by key without re-checking`
		return err
	}
	return tx.Commit(ctx)
}

func lockJob(ctx context.Context, tx pgx.Tx, id int64) (string, error) {
	var status string
	err := tx.QueryRow(ctx, `SELECT status FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&status)
	return status, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	other, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer other.Rollback(ctx)
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := lockJob(ctx, other, id); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'failed' WHERE id = $1`, id); err != nil { // want `sets status to 'failed' by key without re-checking`
		return err
	}
	return tx.Commit(ctx)
}

func maybeLock(ctx context.Context, tx pgx.Tx, id int64, lock bool) error {
	if !lock {
		return nil
	}
	_, err := tx.Exec(ctx, `SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE`, id)
	return err
}

func Cancel(ctx context.Context, pool *pgxpool.Pool, id int64, strict bool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if err := maybeLock(ctx, tx, id, strict); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'cancelled' WHERE id = $1`, id); err != nil { // want `sets status to 'cancelled' by key without re-checking`
		return err
	}
	return tx.Commit(ctx)
}

// Locked only after the write.
func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id); err != nil { // want `sets status to 'queued' by key without re-checking`
		return err
	}
	if _, err := lockJob(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Locked in the same transaction, but only after the write.
func Requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE id = $1`, id); err != nil { // want `sets status to 'queued' by key without re-checking`
		return err
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
