// The failure decides in SQL, one step away: a WITH query computes whether
// the job is done for (its attempts ran out, or the error is permanent) and
// the CASE reads that column.
package ok_casecte

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

const failSQL = `WITH plan AS MATERIALIZED (
	SELECT j.id, j.attempts + 1 AS attempts, ($3 OR j.attempts + 1 >= $2) AS terminal
	  FROM jobs j WHERE j.id = $1
)
UPDATE jobs m
   SET attempts = plan.attempts,
       status = CASE WHEN plan.terminal THEN 'failed' ELSE 'queued' END
  FROM plan
 WHERE m.id = plan.id`

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, permanent bool) error {
	_, err := pool.Exec(ctx, failSQL, id, maxAttempts, permanent)
	return err
}

func done(ctx context.Context, pool *pgxpool.Pool, id int64) error {
	_, err := pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// Work runs one job, if one is queued.
func Work(ctx context.Context, pool *pgxpool.Pool, run func(context.Context, int64) error) error {
	id, err := claim(ctx, pool)
	if err != nil {
		return err
	}
	if err := run(ctx, id); err != nil {
		return fail(ctx, pool, id, false)
	}
	return done(ctx, pool, id)
}
