// The seed's race with its SQL in an anonymous struct of queries.
package anonqueries

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

var queries = struct {
	Poll, Take string
}{
	Poll: `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`,
	Take: `UPDATE jobs SET status = 'running' WHERE id = $1`,
}

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	var id int64
	err := pool.QueryRow(ctx, queries.Poll).Scan(&id) // want `two workers can claim the same job\nboth run this SELECT before either UPDATE commits`
	if err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, queries.Take, id)
	return id, err
}
