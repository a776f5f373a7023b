// rows.Values() decodes json too.
package values

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id, kind, payload FROM jobs`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return err
		}
		var p map[string]any
		if err := json.Unmarshal(vals[2].([]byte), &p); err != nil { // want `payload \(jsonb\) arrives already decoded, so this assertion to .* panics on every job\npgx scanned it`
			return err
		}
	}
	return rows.Err()
}
