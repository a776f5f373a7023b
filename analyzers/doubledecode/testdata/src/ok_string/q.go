package ok_string

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	var s string
	if err := pool.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&s); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal([]byte(s), &p)
	return p, err
}
