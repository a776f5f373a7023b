package queue

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrLeaseLost means the job no longer carries the claim's token: its lease
// expired and it was reclaimed (and maybe claimed again). The outcome was not
// recorded; the job's current holder decides it.
var ErrLeaseLost = errors.New("queue: lease lost: the job was reclaimed by another worker")

// completeSQL records success, only for the holder of the claim's token.
const completeSQL = `
UPDATE jobs
SET state = 'succeeded', finished_at = now(), leased_until = NULL
WHERE id = $1 AND lease_token = $2 AND state = 'running'`

// failSQL records a handler's failure, only for the holder of the claim's
// token. With attempts left, the job goes back to the queue after an
// exponential backoff with jitter: base·2^(attempt-1), capped, times a random
// factor in [0.5, 1), added to the database clock, so workers with skewed
// clocks agree. At the limit, or for a permanent error ($4), it stops in the
// visible terminal state 'failed', keeping its last error.
const failSQL = `
UPDATE jobs
SET state = CASE WHEN attempts >= max_attempts OR $4 THEN 'failed' ELSE 'available' END,
    finished_at = CASE WHEN attempts >= max_attempts OR $4 THEN now() END,
    run_at = CASE WHEN attempts >= max_attempts OR $4 THEN run_at
        ELSE now() + least($5::float8 * power(2, least(attempts - 1, 30)), $6::float8)
                     * (0.5 + random() / 2) * interval '1 second'
        END,
    last_error = $3,
    lease_token = NULL,
    leased_until = NULL
WHERE id = $1 AND lease_token = $2 AND state = 'running'`

// Backoff is the delay before a failed job's next attempt.
type Backoff struct {
	Base time.Duration // the first retry's delay, before jitter
	Max  time.Duration // the cap
}

func complete(ctx context.Context, pool *pgxpool.Pool, job *Job) error {
	tag, err := pool.Exec(ctx, completeSQL, job.ID, job.Token)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrLeaseLost
	}
	return nil
}

func fail(ctx context.Context, pool *pgxpool.Pool, job *Job, handlerErr error, b Backoff) error {
	permanent := errors.Is(handlerErr, ErrPermanent)
	tag, err := pool.Exec(ctx, failSQL, job.ID, job.Token, handlerErr.Error(), permanent, b.Base.Seconds(), b.Max.Seconds())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrLeaseLost
	}
	return nil
}
