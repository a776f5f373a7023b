package ok_struct

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Email struct{ To, Subject string }

func Run(ctx context.Context, pool *pgxpool.Pool) (Email, error) {
	var e Email
	err := pool.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&e)
	return e, err
}
