// A compare-and-set over an OR of the runnable states; the row count decides.
package ok_cas_or

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (int64, bool, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' OR status = 'retry' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '1 minute'
		WHERE id = $1 AND (status IN ('queued', 'retry') OR (status = 'running' AND locked_until < now()))`, id)
	if err != nil {
		return 0, false, err
	}
	return id, tag.RowsAffected() == 1, nil
}
