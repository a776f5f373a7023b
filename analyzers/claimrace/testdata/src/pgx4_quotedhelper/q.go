// The seed's race on pgx v4, on a table whose name a helper quotes with
// v4's pgx.Identifier.
package pgx4_quotedhelper

import (
	"context"

	"github.com/jackc/pgx/v4"
	"github.com/jackc/pgx/v4/pgxpool"
)

func table(name string) string {
	return pgx.Identifier{"public", name}.Sanitize()
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, `SELECT id FROM `+table("jobs")+` WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE `+table("jobs")+` SET status = 'running' WHERE id = $1`, id)
	return id, err
}
