// The retry counts the attempt as it puts the job back, but the claim
// never compares the count: the poll that takes pending jobs reads no
// limit, and a job that always fails runs for ever.
package retryuncapped

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrPermanent = errors.New("permanent")

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, payload []byte, err error) {
	err = pool.QueryRow(ctx, `WITH next AS (
		SELECT job_id FROM jobs
		WHERE current_state = 'pending'
		ORDER BY job_id FOR UPDATE SKIP LOCKED LIMIT 1)
		UPDATE jobs SET current_state = 'running', started_at = now()
		FROM next WHERE jobs.job_id = next.job_id
		RETURNING jobs.job_id, jobs.payload`).Scan(&id, &payload)
	return id, payload, err
}

func Work(ctx context.Context, pool *pgxpool.Pool, run func([]byte) error) error {
	id, payload, err := Claim(ctx, pool)
	if err != nil {
		return err
	}
	switch err := run(payload); {
	case err == nil:
		_, err = pool.Exec(ctx, `UPDATE jobs SET current_state = 'done' WHERE job_id = $1 AND current_state = 'running'`, id)
		return err
	case errors.Is(err, ErrPermanent):
		_, err = pool.Exec(ctx, `UPDATE jobs SET current_state = 'cancelled' WHERE job_id = $1 AND current_state = 'running'`, id)
		return err
	default:
		_, err = pool.Exec(ctx, `UPDATE jobs SET current_state = 'pending', retries = retries + 1, started_at = NULL WHERE job_id = $1 AND current_state = 'running'`, id) // want `this retry puts the job back with no limit`
		return err
	}
}
