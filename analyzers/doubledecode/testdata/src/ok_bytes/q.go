// The review's fix: scan into []byte, decode once.
package ok_bytes

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	var raw []byte
	if err := pool.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&raw); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal(raw, &p)
	return p, err
}
