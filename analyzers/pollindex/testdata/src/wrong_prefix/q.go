package wrong_prefix

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Take(ctx context.Context, tx pgx.Tx) (id int64, err error) {
	if err = tx.QueryRow(ctx, `SELECT id FROM tasks WHERE state = 'ready' AND not_before <= now()
		ORDER BY not_before LIMIT 1 FOR UPDATE SKIP LOCKED`).Scan(&id); err != nil {
		return 0, err
	}
	_, err = tx.Exec(ctx, `UPDATE tasks SET state = 'taken' WHERE id = $1`, id)
	return id, err
}
