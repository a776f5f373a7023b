// Returns taken when the completion succeeded, before the Commit: the
// completion wrote its row, and the rollback undoes it.
package txoutcome_success

import (
	"context"
	"database/sql"
)

func handle(ctx context.Context, id int64) error { return nil }

func one(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err == nil {
		return nil // want `this returns before Commit`
	}
	_ = res
	return tx.Commit()
}

func counted(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := handle(ctx, id); err != nil {
		return err
	}
	res, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil // want `this returns before Commit`
	}
	return tx.Commit()
}
