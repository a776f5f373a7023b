// No schema in the module: the column's type is unknown, nothing is said.
package ok_noschema

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	var v any
	if err := pool.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&v); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal(v.([]byte), &p)
	return p, err
}
