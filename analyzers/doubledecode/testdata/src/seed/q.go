// The seed: jsonb scanned into an `any` field, then asserted to []byte.
package seed

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
	return json.Unmarshal(job.Payload.([]byte), &p) // want `payload \(jsonb\) arrives already decoded, so this assertion to .* panics on every job\npgx scanned it into an .any. already decoded .* never \[\]byte`
}
