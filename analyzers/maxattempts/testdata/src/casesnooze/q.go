// Once the attempts run out the failure snoozes the job for an hour, and
// every poll takes snoozed jobs again when the hour is over: the limit
// delays the job, it never ends it.
package casesnooze

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxAttempts = 5

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) claim(ctx context.Context) (id int64, attempts int, err error) {
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running', attempts = attempts + 1
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' AND (snoozed_until IS NULL OR snoozed_until <= now()) ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, attempts`).Scan(&id, &attempts)
	return id, attempts, err
}

func (q *Queue) failed(ctx context.Context, id int64, attempts int) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'queued', snoozed_until = CASE WHEN $2 >= $3 THEN now() + interval '1 hour' ELSE NULL END WHERE id = $1`, id, attempts, maxAttempts) // want `no limit`
	return err
}

func (q *Queue) done(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// Work runs one job, if one is queued.
func (q *Queue) Work(ctx context.Context, run func(context.Context, int64) error) error {
	id, attempts, err := q.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(ctx, id); err != nil {
		return q.failed(ctx, id, attempts)
	}
	return q.done(ctx, id)
}
