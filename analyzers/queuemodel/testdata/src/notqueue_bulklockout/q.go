// Accounts whose password expired are locked in bulk, their emails
// returned to warn them; nothing unlocks one, an account is only ever
// deleted. Locked is where an account ends, not a job taken.
package notqueue_bulklockout

import (
	"context"
	"database/sql"
)

func Register(ctx context.Context, db *sql.DB, email string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO accounts (email, password_expires_at) VALUES ($1, now() + interval '90 days')`, email)
	return err
}

func LockExpired(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE accounts SET locked = true WHERE password_expires_at <= now() AND NOT locked RETURNING id, email`)
}

func Delete(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM accounts WHERE id = $1`, id)
	return err
}
