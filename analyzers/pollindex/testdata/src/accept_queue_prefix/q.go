package accept_queue_prefix

import (
	"context"
	"database/sql"
)

func Take(ctx context.Context, tx *sql.Tx, queue string) (id int64, err error) {
	if err = tx.QueryRowContext(ctx, `SELECT id FROM tasks WHERE queue = $1 AND state = 'ready' AND not_before <= now()
		ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED`, queue).Scan(&id); err != nil {
		return 0, err
	}
	_, err = tx.ExecContext(ctx, `UPDATE tasks SET state = 'taken' WHERE id = $1`, id)
	return id, err
}
