// rows.Values() of a text column: a string, asserting it is right.
package ok_valuestext

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	rows, err := pool.Query(ctx, `SELECT id, note, payload FROM jobs`)
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
		if err := json.Unmarshal([]byte(vals[1].(string)), &p); err != nil {
			return err
		}
		_ = vals[2].(map[string]any) // the decoded payload, used as it is
	}
	return rows.Err()
}
