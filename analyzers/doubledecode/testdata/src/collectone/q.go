package collectone

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

func Run(ctx context.Context, pool *pgxpool.Pool) (map[string]any, error) {
	rows, err := pool.Query(ctx, `SELECT id, payload FROM jobs WHERE id = $1`, 1)
	if err != nil {
		return nil, err
	}
	row, err := pgx.CollectOneRow(rows, pgx.RowToMap)
	if err != nil {
		return nil, err
	}
	var p map[string]any
	err = json.Unmarshal(row["payload"].([]byte), &p) // want `payload \(jsonb\) arrives already decoded`
	return p, err
}
