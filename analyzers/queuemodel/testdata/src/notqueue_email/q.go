// A lookup by email, and changing an email.
package notqueue_email

import (
	"context"
	"database/sql"
)

func ByEmail(ctx context.Context, db *sql.DB, email string) (id int64, err error) {
	err = db.QueryRowContext(ctx, `SELECT id FROM users WHERE email = $1 ORDER BY id LIMIT 1`, email).Scan(&id)
	return id, err
}

func ChangeEmail(ctx context.Context, db *sql.DB, id int64, email string) error {
	_, err := db.ExecContext(ctx, `UPDATE users SET email = $2 WHERE id = $1`, id, email)
	return err
}
