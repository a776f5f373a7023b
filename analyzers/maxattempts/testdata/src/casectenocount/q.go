// ok_casecte's failure, but the WITH query's column reads only whether the
// error is permanent: any other failure puts the job back, however often.
package casectenocount

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

func claim(ctx context.Context, pool *pgxpool.Pool) (id int64, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET status = 'running' WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED) RETURNING id`).Scan(&id)
	return id, err
}

const failSQL = `WITH plan AS MATERIALIZED (
	SELECT j.id, j.attempts + 1 AS attempts, $2::bool AS terminal
	  FROM jobs j WHERE j.id = $1
)
UPDATE jobs m
   SET attempts = plan.attempts,
       status = CASE WHEN plan.terminal THEN 'failed' ELSE 'queued' END
  FROM plan
 WHERE m.id = plan.id`

func fail(ctx context.Context, pool *pgxpool.Pool, id int64, permanent bool) error {
	_, err := pool.Exec(ctx, failSQL, id, permanent) // want `no limit`
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
