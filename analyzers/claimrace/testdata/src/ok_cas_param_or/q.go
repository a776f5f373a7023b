// A compare-and-set whose WHERE restricts the status through an OR with a
// parameter: status = $2 OR status = 'retry'. Once another worker has set
// 'running', neither branch matches the row it re-reads, so the second
// UPDATE takes nothing; the row count decides who runs the job.
package ok_cas_param_or

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool, queued string) (int64, bool, error) {
	var id int64
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1`).Scan(&id); err != nil {
		return 0, false, err
	}
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1 AND (status = $2 OR status = 'retry')`, id, queued)
	if err != nil {
		return 0, false, err
	}
	return id, tag.RowsAffected() == 1, nil
}
