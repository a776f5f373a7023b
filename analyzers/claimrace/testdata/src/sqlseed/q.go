// The seed with database/sql, and other names.
package sqlseed

import (
	"context"
	"database/sql"
)

func Take(ctx context.Context, db *sql.DB) (string, error) {
	var id string
	row := db.QueryRowContext(ctx, `SELECT task_id FROM tasks WHERE state = 'pending' ORDER BY created_at LIMIT 1`) // want `two workers can claim the same job`
	if err := row.Scan(&id); err != nil {
		return "", err
	}
	if _, err := db.ExecContext(ctx, `UPDATE tasks SET state = 'processing' WHERE task_id = $1`, id); err != nil {
		return "", err
	}
	return id, nil
}
