package queue

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// claimSQL is the claim: one statement picks up to $2 due jobs of queue $1,
// locks them (SKIP LOCKED: concurrent claims take different rows instead of
// waiting), counts the attempt, and writes a fresh lease token and a lease
// deadline. Two workers can never get the same job, and a worker that dies
// holding one leaves a deadline the reclaimer acts on.
//
// $4 is nil in production (the database clock decides what is due); tests
// pass an instant.
const claimSQL = `
WITH due AS (
    SELECT id FROM jobs
    WHERE state = 'available' AND queue = $1 AND run_at <= coalesce($4::timestamptz, now())
    ORDER BY run_at, id
    LIMIT $2
    FOR UPDATE SKIP LOCKED
)
UPDATE jobs
SET state = 'running',
    attempts = jobs.attempts + 1,
    lease_token = gen_random_uuid(),
    leased_until = now() + $3::bigint * interval '1 millisecond'
FROM due
WHERE jobs.id = due.id
RETURNING jobs.id, jobs.queue, jobs.kind, jobs.payload, jobs.attempts, jobs.max_attempts,
    jobs.lease_token, jobs.leased_until,
    (extract(epoch FROM now() - jobs.run_at) * 1e6)::bigint`

// claim takes up to limit due jobs of the queue, leased for lease.
func claim(ctx context.Context, pool *pgxpool.Pool, queue string, limit int, lease time.Duration, asOf *time.Time) ([]*Job, error) {
	rows, err := pool.Query(ctx, claimSQL, queue, limit, lease.Milliseconds(), asOf)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (*Job, error) {
		var j Job
		var waitedMicros int64
		err := row.Scan(&j.ID, &j.Queue, &j.Kind, &j.Payload, &j.Attempt, &j.MaxAttempts, &j.token, &j.LeasedUntil, &waitedMicros)
		j.waited = time.Duration(waitedMicros) * time.Microsecond
		return &j, err
	})
}
