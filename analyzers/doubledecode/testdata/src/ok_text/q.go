// note is text: pgx gives a string in an `any`, and asserting it is right.
package ok_text

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	var v any
	if err := pool.QueryRow(ctx, `SELECT note FROM jobs LIMIT 1`).Scan(&v); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal([]byte(v.(string)), &p)
	return p, err
}
