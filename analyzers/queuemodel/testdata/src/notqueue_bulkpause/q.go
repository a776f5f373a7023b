// Accounts locked in bulk when their failed logins pass a limit, the ids
// returned to alert; an administrator unlocks one by key. A count, not a
// time, decides which rows move, or tenants (a bigint compared), or nothing:
// no job falls due.
package notqueue_bulkpause

import (
	"context"
	"database/sql"
)

func Register(ctx context.Context, db *sql.DB, email string) error {
	_, err := db.ExecContext(ctx, `INSERT INTO accounts (email) VALUES ($1)`, email)
	return err
}

func LockAbusive(ctx context.Context, db *sql.DB, limit int) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE accounts SET locked = true WHERE failed_logins >= $1 AND NOT locked RETURNING id, email`, limit)
}

func LockTenant(ctx context.Context, db *sql.DB, tenant int64) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE accounts SET locked = true WHERE tenant_id = $1 AND created_at <= now() AND NOT locked RETURNING id`, tenant)
}

func LockOthers(ctx context.Context, db *sql.DB, tenant int64) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE accounts SET locked = true WHERE tenant_id <> $1 AND created_at <= now() AND NOT locked RETURNING id`, tenant)
}

func LockAll(ctx context.Context, db *sql.DB) (*sql.Rows, error) {
	return db.QueryContext(ctx, `UPDATE accounts SET locked = true WHERE NOT locked RETURNING id`)
}

func Unlock(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE accounts SET locked = false, failed_logins = 0 WHERE id = $1`, id)
	return err
}
