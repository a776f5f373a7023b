// The seed on a json column (not jsonb): pgx decodes json into an `any`
// just the same.
package seedjson

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Job struct {
	ID      int64
	Payload any
}

func Run(ctx context.Context, pool *pgxpool.Pool) error {
	var job Job
	if err := pool.QueryRow(ctx, `SELECT id, payload FROM jobs WHERE id = 1`).Scan(&job.ID, &job.Payload); err != nil {
		return err
	}
	var p map[string]any
	return json.Unmarshal(job.Payload.([]byte), &p) // want `payload \(json\) arrives already decoded, so this assertion to .* panics on every job\npgx scanned it into an .any. already decoded .* never \[\]byte`
}
