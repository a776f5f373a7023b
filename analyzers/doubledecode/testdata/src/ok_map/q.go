// Scan straight into a map: pgx decodes once.
package ok_map

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	var p map[string]any
	err := pool.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&p)
	return p, err
}
