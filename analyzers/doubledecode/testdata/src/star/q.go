// SELECT *: the columns come from the schema, in order.
package star

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	var (
		id                 int64
		kind, status, note string
		payload            any
	)
	if err := pool.QueryRow(ctx, `SELECT * FROM jobs LIMIT 1`).Scan(&id, &kind, &payload, &status, &note); err != nil {
		return err
	}
	var p map[string]any
	return json.Unmarshal(payload.([]byte), &p) // want `payload \(jsonb\) arrives already decoded`
}
