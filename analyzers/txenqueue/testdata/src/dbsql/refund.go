// database/sql: the same defect with *sql.DB and *sql.Tx.
package dbsql

import (
	"context"
	"database/sql"
)

func Refund(ctx context.Context, db *sql.DB, account int64) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `UPDATE accounts SET balance = balance + 10 WHERE id = $1`, account); err != nil {
		return err
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO jobs (kind) VALUES ('notify_refund')`); err != nil { // want `enqueued outside transaction tx, which writes accounts and is still open\nit is enqueued by an INSERT into jobs on the pool:`
		return err
	}
	return tx.Commit()
}
