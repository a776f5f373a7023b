package assertstring

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

func Run(ctx context.Context, conn *pgx.Conn) (map[string]any, error) {
	var v any
	if err := conn.QueryRow(ctx, `SELECT payload FROM jobs LIMIT 1`).Scan(&v); err != nil {
		return nil, err
	}
	var p map[string]any
	err := json.Unmarshal([]byte(v.(string)), &p) // want `never string`
	return p, err
}
