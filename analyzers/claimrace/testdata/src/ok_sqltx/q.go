// *sql.Tx, FOR NO KEY UPDATE, and the job run inside the transaction.
package ok_sqltx

import (
	"context"
	"database/sql"
)

func Work(ctx context.Context, db *sql.DB, run func(int64) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR NO KEY UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return err
	}
	if err := run(id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}
