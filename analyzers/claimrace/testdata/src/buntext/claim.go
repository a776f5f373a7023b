// The seed's race in SQL text run by bun's DB, with bun's ? placeholders.
package buntext

import (
	"context"

	"github.com/uptrace/bun"
)

func Claim(ctx context.Context, db *bun.DB) (int64, error) {
	var id int64
	if err := db.QueryRowContext(ctx, "SELECT id FROM jobs WHERE status = ? ORDER BY id LIMIT 1", "queued").Scan(&id); err != nil { // want `two workers can claim the same job`
		return 0, err
	}
	_, err := db.ExecContext(ctx, "UPDATE jobs SET status = ? WHERE id = ?", "running", id)
	return id, err
}
