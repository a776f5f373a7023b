// A worker retries a failed job whenever the error is worth retrying: no
// attempt comparison in Go. The retry counts the attempt as it puts the
// job back, and the claim takes a pending job only while its count is
// under the job's limit: a job out of attempts stays pending, never taken
// again. Jobs scheduled for later are taken by a poll of their own, which
// the retry never feeds.
package ok_retrycapped

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

var ErrPermanent = errors.New("permanent")

func Claim(ctx context.Context, pool *pgxpool.Pool) (id int64, payload []byte, err error) {
	err = pool.QueryRow(ctx, `WITH next AS (
		SELECT job_id FROM jobs
		WHERE current_state = 'pending' AND retries < max_retries
		ORDER BY job_id FOR UPDATE SKIP LOCKED LIMIT 1)
		UPDATE jobs SET current_state = 'running', started_at = now()
		FROM next WHERE jobs.job_id = next.job_id
		RETURNING jobs.job_id, jobs.payload`).Scan(&id, &payload)
	return id, payload, err
}

// EnqueueAt schedules a job for later.
func EnqueueAt(ctx context.Context, pool *pgxpool.Pool, payload []byte, at time.Time) error {
	_, err := pool.Exec(ctx, `INSERT INTO jobs (payload, current_state, run_at) VALUES ($1, 'scheduled', $2)`, payload, at)
	return err
}

// ClaimDue takes a job scheduled for later once it is due: jobs enter
// 'scheduled' only when they are enqueued, never through the retry.
func ClaimDue(ctx context.Context, pool *pgxpool.Pool) (id int64, payload []byte, err error) {
	err = pool.QueryRow(ctx, `UPDATE jobs SET current_state = 'running', started_at = now()
		WHERE job_id = (SELECT job_id FROM jobs WHERE current_state = 'scheduled' AND run_at <= now()
			ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1)
		RETURNING job_id, payload`).Scan(&id, &payload)
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
		_, err = pool.Exec(ctx, `UPDATE jobs SET current_state = 'pending', retries = retries + 1, started_at = NULL WHERE job_id = $1 AND current_state = 'running'`, id)
		return err
	}
}
