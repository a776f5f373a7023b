// An advisory lock, then a status re-check whose result is checked.
package ok_advisory

import (
	"context"

	"github.com/jackc/pgx/v5"
)

func Claim(ctx context.Context, tx pgx.Tx) (int64, bool, error) {
	var id int64
	if err := tx.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	var locked bool
	if err := tx.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($1)`, id).Scan(&locked); err != nil || !locked {
		return 0, false, err
	}
	tag, err := tx.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND status = 'queued'`, id)
	if err != nil || tag.RowsAffected() == 0 {
		return 0, false, err
	}
	return id, true, nil
}
