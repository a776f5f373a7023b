// The worker begins a transaction, wraps it, and completes the job in it
// without locking the row first; Checked locks it first.
package txwrapworker

import (
	"context"
	"database/sql"

	"txwrapstore"
)

func Finish(ctx context.Context, db *sql.DB, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	t := txwrapstore.Wrap(tx)
	if err := t.Complete(ctx, id); err != nil { // want `Complete's UPDATE runs in the transaction txwrapworker.Finish begins, which locks no row of jobs before it`
		return err
	}
	return tx.Commit()
}

func Checked(ctx context.Context, db *sql.DB, id int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var status string
	if err := tx.QueryRowContext(ctx, `SELECT status FROM jobs WHERE id = $1 FOR UPDATE`, id).Scan(&status); err != nil {
		return err
	}
	if status != "running" {
		return nil
	}
	if err := txwrapstore.Wrap(tx).Complete(ctx, id); err != nil {
		return err
	}
	return tx.Commit()
}
