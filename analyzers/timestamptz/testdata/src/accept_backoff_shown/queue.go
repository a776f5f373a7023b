// The same queue, but next_try_at is only shown to people (the retry
// scan does not look at it): written as the clock plus a delay, never
// compared with the clock, so its zone makes no task late. A purge
// compares updated_at with the clock, but nothing sets it ahead of it:
// an audit column.
package accept_backoff_shown

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE tasks SET status = 'running', updated_at = now()
		WHERE id = (SELECT id FROM tasks WHERE status = 'pending' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id`).Scan(&id)
	return id, err
}

func Fail(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = 'failed', updated_at = now() WHERE id = $1 AND status = 'running'`, id)
	return err
}

func Retriable(ctx context.Context, pool *pgxpool.Pool) ([]int64, error) {
	rows, err := pool.Query(ctx, `SELECT id FROM tasks WHERE status = 'failed' AND tries < 5
		LIMIT 10`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func Requeue(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE tasks SET status = 'pending', tries = tries + 1,
		next_try_at = NOW() + INTERVAL '1 minute' * POWER(2, tries) WHERE id = $1`, id)
	return err
}

func Purge(ctx context.Context, pool *pgxpool.Pool) error {
	_, err := pool.Exec(ctx, `DELETE FROM tasks WHERE status = 'done' AND updated_at < now() - interval '30 days'`)
	return err
}
