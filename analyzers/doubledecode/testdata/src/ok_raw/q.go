package ok_raw

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

type Job struct {
	ID      int64
	Payload json.RawMessage
}

func Run(ctx context.Context, conn *pgx.Conn, into any) error {
	var j Job
	if err := conn.QueryRow(ctx, `SELECT id, payload FROM jobs LIMIT 1`).Scan(&j.ID, &j.Payload); err != nil {
		return err
	}
	return json.Unmarshal(j.Payload, into)
}
