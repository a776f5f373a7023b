// A two-step claim whose UPDATE by id re-checks nothing: two workers can
// take the job, which is claimrace's finding. Moving a job into the
// claimed state is not an outcome this rule judges.
package ok_claimstep

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	if err := pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' ORDER BY run_at LIMIT 1`).Scan(&id); err != nil {
		return 0, err
	}
	_, err = pool.Exec(ctx, `UPDATE jobs SET status = 'running', locked_until = now() + interval '5 minutes' WHERE id = $1`, id)
	return id, err
}

func Complete(ctx context.Context, pool *pgxpool.Pool, id int64) (bool, error) {
	tag, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1 AND status = 'running'`, id)
	return tag.RowsAffected() == 1, err
}

func Reclaim(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'queued' WHERE status = 'running' AND locked_until < now()`)
	return err
}
