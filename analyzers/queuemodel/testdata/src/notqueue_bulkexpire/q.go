// Sessions expire in one statement that returns the ids it expired (to
// tell their owners); a session ends by key at logout. Expiring takes no
// job: nothing gives an expired session back.
package notqueue_bulkexpire

import (
	"context"
	"database/sql"
)

func Open(ctx context.Context, db *sql.DB, user int64) error {
	_, err := db.ExecContext(ctx, `INSERT INTO sessions (user_id, expires_at) VALUES ($1, now() + interval '1 day')`, user)
	return err
}

func ExpireDue(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE sessions SET expired = true WHERE expires_at <= now() AND NOT expired RETURNING id, user_id`)
}

func Logout(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `DELETE FROM sessions WHERE id = $1`, id)
	return err
}
