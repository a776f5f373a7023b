// The welcome job goes through another package's client, in the
// transaction that writes the account.
package signup

import (
	"context"
	"database/sql"

	"ok_poolclient/jobs"
)

func Register(ctx context.Context, db *sql.DB, q *jobs.Client, email string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.ExecContext(ctx, `INSERT INTO accounts (email) VALUES ($1)`, email); err != nil {
		return err
	}
	if err := q.EnqueueTx(ctx, tx, "welcome"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return err
	}
	return q.Enqueue(ctx, "receipt") // after the commit: nothing to wait for
}
