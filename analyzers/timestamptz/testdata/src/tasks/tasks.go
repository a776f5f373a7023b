package tasks

import (
	"context"

	"github.com/jackc/pgx/v5"
)

const (
	pollTask = `SELECT task_id FROM tasks WHERE state = 'pending' AND not_before < now() ORDER BY not_before LIMIT 1 FOR UPDATE`
	takeTask = `UPDATE tasks SET state = 'taken' WHERE task_id = $1`
)

func Take(ctx context.Context, tx pgx.Tx) (string, error) {
	var id string
	if err := tx.QueryRow(ctx, pollTask).Scan(&id); err != nil {
		return "", err
	}
	_, err := tx.Exec(ctx, takeTask, id)
	return id, err
}
