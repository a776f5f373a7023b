package ok_dynamic_body

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, tbl string) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT claim_job($1)`, tbl).Scan(&id)
	return id, err
}
