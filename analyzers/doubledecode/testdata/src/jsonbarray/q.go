// A jsonb[] column scanned into an `any`: pgx hands back a []any of
// decoded elements, so the assertion to []byte panics here too.
package jsonbarray

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Steps(ctx context.Context, pool *pgxpool.Pool, id int64) ([]map[string]any, error) {
	var steps any
	if err := pool.QueryRow(ctx, `SELECT steps FROM jobs WHERE id = $1`, id).Scan(&steps); err != nil {
		return nil, err
	}
	var out []map[string]any
	err := json.Unmarshal(steps.([]byte), &out) // want `steps \(jsonb\[\]\) arrives already decoded, so this assertion to \[\]byte panics on every job\npgx scanned it into an .any. already decoded \(a \[\]any of decoded elements, never \[\]byte\)`
	return out, err
}
