// The CASE that chooses between 'failed' and 'queued' compares the
// payload's size with a size limit, not an attempt count: a job whose
// payload fits is put back however often it has failed.
package casesizeparams

import (
	"context"

	"github.com/jackc/pgx/v5/pgxpool"
)

const maxPayload = 1 << 20

type Queue struct{ pool *pgxpool.Pool }

func (q *Queue) claim(ctx context.Context) (id int64, payload []byte, err error) {
	err = q.pool.QueryRow(ctx, `UPDATE jobs SET status = 'running'
		WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
		RETURNING id, payload`).Scan(&id, &payload)
	return id, payload, err
}

func (q *Queue) failed(ctx context.Context, id int64, size int) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = CASE WHEN $2 > $3 THEN 'failed' ELSE 'queued' END WHERE id = $1`, id, size, maxPayload) // want `no limit`
	return err
}

func (q *Queue) done(ctx context.Context, id int64) error {
	_, err := q.pool.Exec(ctx, `UPDATE jobs SET status = 'done' WHERE id = $1`, id)
	return err
}

// Work runs one job, if one is queued.
func (q *Queue) Work(ctx context.Context, run func(context.Context, []byte) error) error {
	id, payload, err := q.claim(ctx)
	if err != nil {
		return err
	}
	if err := run(ctx, payload); err != nil {
		return q.failed(ctx, id, len(payload))
	}
	return q.done(ctx, id)
}
