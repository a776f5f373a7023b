// The claim is also the reclaim: its poll takes new jobs and jobs whose
// lease expired in progress. It spends no attempt, and nothing compares
// one with a limit: a job that kills its worker comes back for ever.
package retake_or

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	// want +1 `this claim also takes back jobs whose lease expired, without spending an attempt or comparing one with a limit`
	err = pool.QueryRow(ctx, `UPDATE tasks SET status = 'in_progress', lease_until = now() + interval '1 minute'
		WHERE id = (SELECT id FROM tasks WHERE status = 'new' OR (status = 'in_progress' AND lease_until < now())
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
