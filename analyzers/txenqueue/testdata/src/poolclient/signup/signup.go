// The account is written in a transaction, and the welcome job goes
// through another package's client, on that client's pool, while the
// transaction is open.
package signup

import (
	"context"
	"database/sql"

	"poolclient/jobs"
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
	if err := q.Enqueue(ctx, "welcome"); err != nil { // want `enqueued outside transaction tx, which writes accounts and is still open\nit is enqueued by an INSERT into jobs on the pool of jobs.\(\*Client\).Enqueue:`
		return err
	}
	return tx.Commit()
}
