// The payload comes back from the claim's RETURNING.
package returning

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx) error {
	var id int64
	var payload any
	if err := tx.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (
		SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id, payload`).Scan(&id, &payload); err != nil {
		return err
	}
	var p struct{ To string }
	return json.Unmarshal(payload.([]byte), &p) // want `payload \(jsonb\) arrives already decoded`
}
