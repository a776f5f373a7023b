package queue

import (
	"context"
	"errors"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// renewSQL is the heartbeat: it extends the leases of the jobs a worker holds
// ($1 IDs, $2 their tokens). Rows locked by another session (an operator's
// open transaction, say) are skipped (SKIP LOCKED), so that one such row
// does not hold up the renewal of every other job in hand; the heartbeat
// tries again next time. It answers (token, renewed, running): a row for
// each claim renewed, and a row for each claim the statement's snapshot
// shows held, running or not (execForClaims sorts them out). A job
// missing from the answer was reclaimed after its lease expired, or
// cancelled: its handler must stop, and nothing it records will count.
//
// The lookup is by primary key and token, and the state is read from the
// locked row (or the statement's snapshot, for a row it skipped), as in
// completeSQL: a state test on the table would let the planner walk the
// partial index of running jobs (jobs_leased) and compare every job
// running on any worker with every job of the batch. Statistics taken
// while no job ran (right after a bulk enqueue, say) make that index look
// empty; a batch of 600 then took 600 ms.
const renewSQL = `
WITH mine AS (
    SELECT jobs.id, jobs.state FROM jobs
    JOIN unnest($1::bigint[], $2::uuid[]) AS held(id, token)
        ON jobs.id = held.id AND jobs.lease_token = held.token
    FOR UPDATE OF jobs SKIP LOCKED
), renewed AS (
    UPDATE jobs
    SET leased_until = now() + $3::bigint * interval '1 millisecond'
    FROM mine
    WHERE jobs.id = mine.id AND mine.state = 'running'
    RETURNING jobs.lease_token
)
SELECT lease_token::text, true, true FROM renewed
UNION ALL
SELECT jobs.lease_token::text, false, jobs.state = 'running' FROM jobs
JOIN unnest($1::bigint[], $2::uuid[]) AS held(id, token)
    ON jobs.id = held.id AND jobs.lease_token = held.token`

// reclaimSQL returns up to $1 jobs whose lease has expired to the queue, or
// fails them when they have used their last attempt (the claim counted it).
// Their worker was killed, or cut off from the database for longer than the
// lease; maybe the job itself killed it (out of memory), so it comes back
// after the backoff of an ordinary failure (failSQL's: base $2 and cap $3,
// in seconds), and the error history keeps the error before this one.
// Clearing the token fences that worker out.
const reclaimSQL = `
UPDATE jobs
SET state = CASE WHEN attempts >= max_attempts THEN 'failed' ELSE 'available' END,
    finished_at = CASE WHEN attempts >= max_attempts THEN now() END,
    run_at = CASE WHEN attempts >= max_attempts THEN run_at
        ELSE now() + least($2::float8 * power(2, least(attempts - 1, 30)), $3::float8)
                     * (0.5 + random() / 2) * interval '1 second'
        END,
    last_error = 'lease expired: the worker stopped renewing it (killed, or cut off from the database)',
    errors = errors || jsonb_build_object('attempt', attempts, 'at', now(),
        'error', 'lease expired: the worker stopped renewing it (killed, or cut off from the database)'),
    lease_token = NULL,
    leased_until = NULL
WHERE id IN (
    SELECT id FROM jobs
    WHERE state = 'running' AND leased_until < now()
    ORDER BY leased_until
    LIMIT $1
    FOR UPDATE SKIP LOCKED
)`

// heartbeat renews the leases of the jobs in hand every Lease/3, on the
// worker's own connection, and applies the answer: a claim the database no
// longer holds is cancelled with ErrLeaseLost; a claim whose renewal did not
// come back (the database or the network stalled) is cancelled with
// errLeaseUnrenewed once its lease would run out before the next heartbeat
// could renew it. So a lease survives one missed heartbeat, and a handler
// is told to stop about Lease/3 before another worker may take its job.
func (w *Worker) heartbeat(ctx context.Context) {
	every := w.cfg.Lease / 3
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		w.letGoOfStuckJobs(time.Now())
		held := w.leasedJobs()
		if len(held) == 0 {
			continue
		}
		sent := time.Now()
		callCtx, cancel := context.WithTimeout(ctx, w.callTimeout())
		still, err := renew(callCtx, w.leaseConns, held, w.cfg.Lease)
		cancel()
		if err != nil && ctx.Err() == nil {
			w.log.Warn("lease renewal failed; retrying at the next heartbeat", "err", err)
		}
		// The next heartbeat's answer comes by then at the latest.
		nextAnswer := time.Now().Add(every + w.callTimeout())
		w.mu.Lock()
		for _, job := range held {
			h, ok := w.held[job.token]
			switch {
			case !ok: // it has returned meanwhile
			case err == nil && still[job.token] == acted:
				h.until = sent.Add(w.cfg.Lease)
			case err == nil && still[job.token] == 0:
				h.cancel(ErrLeaseLost)
			case h.until.Before(nextAnswer): // not renewed: an error, or a row locked elsewhere
				h.cancel(errLeaseUnrenewed)
			}
		}
		w.mu.Unlock()
	}
}

// errLeaseUnrenewed cancels a job whose lease could not be renewed before
// its deadline. Unlike ErrLeaseLost the claim may still hold: what the
// handler returns is recorded if it does.
var errLeaseUnrenewed = errors.New("queue: the lease could not be renewed before its deadline")

// renew extends the leases of held jobs and says which it renewed, and
// which it skipped (locked elsewhere); the others are lost.
func renew(ctx context.Context, pool *pgxpool.Pool, held []*Job, lease time.Duration) (map[string]claimResult, error) {
	return execForClaims(ctx, pool, renewSQL, held, lease.Milliseconds())
}

// reclaim returns expired leases to the queue, batch by batch, and reports
// how many.
func reclaim(ctx context.Context, pool *pgxpool.Pool, batch int, b Backoff) (int64, error) {
	var total int64
	for {
		tag, err := pool.Exec(ctx, reclaimSQL, batch, b.Base.Seconds(), b.Max.Seconds())
		if err != nil {
			return total, err
		}
		total += tag.RowsAffected()
		if tag.RowsAffected() < int64(batch) {
			return total, nil
		}
	}
}

// reclaimer returns expired leases to the queue every ReclaimInterval until
// ctx is done. Every worker runs it; SKIP LOCKED keeps concurrent runs from
// waiting on each other.
func (w *Worker) reclaimer(ctx context.Context) {
	tick := time.NewTicker(w.cfg.ReclaimInterval)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		n, err := reclaim(ctx, w.outcomeConns, 1000, w.cfg.Backoff)
		if err != nil && ctx.Err() == nil {
			w.log.Warn("reclaim failed", "err", err)
		}
		if n > 0 {
			w.log.Info("reclaimed jobs with expired leases", "jobs", n)
		}
	}
}
