// A repository: Claim asks nextDue for the job, then markRunning takes it.
// Split across methods, it is still a SELECT then an UPDATE on the pool.
package splitmethods

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

type Repo struct{ pool *pgxpool.Pool }

func (r *Repo) nextDue(ctx context.Context) (int64, error) {
	var id int64
	err := r.pool.QueryRow(ctx, `SELECT id FROM jobs WHERE status = 'queued' AND run_at <= now() ORDER BY run_at LIMIT 1`).Scan(&id) // want `two workers can claim the same job`
	return id, err
}

func (r *Repo) markRunning(ctx context.Context, id int64) error {
	_, err := r.pool.Exec(ctx, `UPDATE jobs SET status = 'running' WHERE id = $1`, id)
	return err
}

func (r *Repo) Claim(ctx context.Context) (int64, error) {
	id, err := r.nextDue(ctx)
	if err != nil {
		return 0, err
	}
	return id, r.markRunning(ctx, id)
}
