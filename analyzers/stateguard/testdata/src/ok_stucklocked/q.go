// The scan locks the stuck job in a transaction that is still open when
// the reset runs: a worker finishing the job waits for the lock, and its
// own UPDATE then decides.
package ok_stucklocked

import (
	"context"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'processing', updated_at = now()
		WHERE id = (SELECT id FROM jobs WHERE status = 'pending' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'processing'`, id)
	return err
}

// In one function.
func RescueOne(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	var id int64
	err = tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '1 minute'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'pending' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}

// Through two helpers given the transaction.
func stuck(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	err = tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'processing' AND updated_at < now() - interval '5 minutes'
		LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id)
	return id, err
}

func reset(ctx context.Context, tx pgx.Tx, id int64) error {
	_, err := tx.Exec(ctx, `UPDATE jobs SET status = 'pending', updated_at = now() WHERE id = $1`, id)
	return err
}

func Rescue(ctx context.Context, pool *pgxpool.Pool) error {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)
	id, err := stuck(ctx, tx)
	if err != nil {
		return err
	}
	if err := reset(ctx, tx, id); err != nil {
		return err
	}
	return tx.Commit(ctx)
}
