// The claim records when it took the job, and its poll takes back running
// jobs claimed more than five minutes ago, after a test of its own on the
// clock for scheduled jobs.
package ok_orpollage

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', locked_at = now()
		WHERE id = (SELECT id FROM jobs
		            WHERE (status = 'queued' AND run_at <= now()) OR (status = 'running' AND locked_at + interval '5 minutes' < now())
		            ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}
