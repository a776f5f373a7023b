// database/sql: the limit is a parameter of the SQL decision.
package ok_sql

import (
	"context"
	"database/sql"
)

const maxAttempts = 8

func claim(ctx context.Context, db *sql.DB) (id int64, err error) {
	err = db.QueryRowContext(ctx, `UPDATE tasks SET state = 'taken', tries = tries + 1 WHERE id = (
		SELECT id FROM tasks WHERE state = 'ready' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

func failed(ctx context.Context, db *sql.DB, id int64) error {
	_, err := db.ExecContext(ctx, `UPDATE tasks SET state = CASE WHEN tries >= $2 THEN 'dead' ELSE 'ready' END WHERE id = $1`, id, maxAttempts)
	return err
}
