package badgo

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FORM jobs LIMIT 1)`) // want `SQL does not parse: syntax error at or near "jobs"`
	return err
}
