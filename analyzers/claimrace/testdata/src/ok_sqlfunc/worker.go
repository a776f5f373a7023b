package ok_sqlfunc

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queue string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM dequeue($1)`, queue).Scan(&id)
	return id, err
}
