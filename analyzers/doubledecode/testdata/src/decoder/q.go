package decoder

import (
	"bytes"
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Task struct{ Kind string }

func Run(ctx context.Context, pool *pgxpool.Pool) (Task, error) {
	var raw any
	var t Task
	if err := pool.QueryRow(ctx, `SELECT payload FROM jobs WHERE id = $1`, 1).Scan(&raw); err != nil {
		return t, err
	}
	err := json.NewDecoder(bytes.NewReader(raw.([]byte))).Decode(&t) // want `payload \(jsonb\) arrives already decoded`
	return t, err
}
