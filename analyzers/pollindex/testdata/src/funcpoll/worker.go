package funcpoll

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func next(ctx context.Context, pool *pgxpool.Pool, queue string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM next_task($1)`, queue).Scan(&id)
	return id, err
}
