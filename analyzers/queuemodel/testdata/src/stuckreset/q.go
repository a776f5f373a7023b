package stuckreset // want package:"queues\\(public.jobs\\)"

// A rescuer in two statements: a SELECT finds the jobs stuck in
// 'processing', and an UPDATE by key puts each back.

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Enqueue(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs DEFAULT VALUES`)
	return err
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) { // want Claim:"claims jobs"
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'processing', attempts = attempts + 1, updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Complete:"completes jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

// Retry puts a failed job back: its key comes from the worker.
func Retry(ctx context.Context, pool *pgxpool.Pool, id int64) error { // want Retry:"fails jobs, writes outcomes"
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

// Rescue finds the stuck jobs and puts each back, in one function.
func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute' LIMIT 100`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}

// stuckOne and reset split the same over two helpers of the package.
func stuckOne(ctx context.Context, tx pgx.Tx) (int64, error) {
	var id int64
	err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func reset(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id)
	return err
}

func RescueOne(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	id, err := stuckOne(ctx, tx)
	if err != nil {
		return err
	}
	if err := reset(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Kick puts back every job in progress, however recent: its SELECT names
// no deadline, so it finds no stuck job, and the UPDATE is no reclaim.
func Kick(ctx context.Context, pool *pgxpool.Pool) error { // want Kick:"fails jobs, writes outcomes"
	rows, err := pool.Query(ctx, `SELECT id FROM jobs WHERE status = 'processing' ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return err
	}
	for _, id := range ids {
		if _, err := pool.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id); err != nil {
			return err
		}
	}
	return nil
}
