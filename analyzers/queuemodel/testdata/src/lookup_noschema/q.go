// An API key locked by its value, with no schema in sight: whether key is
// unique or a partition of a queue is not known, and no queue is made of
// the table.
package lookup_noschema

import (
	"context"
	"database/sql"
)

func Use(ctx context.Context, db *sql.DB, key string) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var id int64
	if err := tx.QueryRowContext(ctx, `SELECT id FROM api_keys WHERE key = $1 LIMIT 1 FOR UPDATE SKIP LOCKED`, key).Scan(&id); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE api_keys SET last_used_at = now(), uses = uses + 1 WHERE id = $1`, id); err != nil {
		return err
	}
	return tx.Commit()
}

func Revoke(ctx context.Context, db *sql.DB, key string) error {
	_, err := db.ExecContext(ctx, `DELETE FROM api_keys WHERE key = $1`, key)
	return err
}
