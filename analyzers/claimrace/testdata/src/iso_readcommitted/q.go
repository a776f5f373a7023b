// A SELECT then an UPDATE in a READ COMMITTED transaction (the default, or
// asked for): both workers read the same row, and the second UPDATE waits
// for the first, then overwrites it.
package iso_readcommitted

import (
	"context"
	"database/sql"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.Begin(ctx)
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func ClaimReadCommitted(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.ReadCommitted})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback(ctx)
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit(ctx)
}

func ClaimSQL(ctx context.Context, db *sql.DB) (int64, error) {
	tx, err := db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted})
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id); err != nil {
		return 0, err
	}
	return id, tx.Commit()
}

// A REPEATABLE READ transaction that commits between the SELECT and the
// UPDATE protects nothing: the UPDATE runs in a transaction of its own.
func ClaimCommitFirst(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead})
	if err != nil {
		return 0, err
	}
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	if err := tx.Commit(ctx); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return id, err
}
