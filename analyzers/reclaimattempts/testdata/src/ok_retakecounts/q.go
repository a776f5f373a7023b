// The claim re-takes expired jobs, spends an attempt each time it takes
// one, and a job out of attempts is no longer taken.
package ok_retakecounts

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE tasks SET status = 'in_progress', lease_until = now() + interval '1 minute', attempts = attempts + 1
		WHERE id = (SELECT id FROM tasks WHERE (status = 'new' OR (status = 'in_progress' AND lease_until < now())) AND attempts < max_attempts
			ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = 'done' WHERE id = $1 AND status = 'in_progress'`, id)
	return err
}
