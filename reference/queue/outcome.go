package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrLeaseLost means the job no longer carries the claim's token: its lease
// expired and it was reclaimed (and maybe claimed again), or an operator
// cancelled it. The outcome was not recorded; the job's current holder
// decides it.
var ErrLeaseLost = errors.New("queue: lease lost: the job was reclaimed or cancelled")

// errRowLocked means the job's row was locked by another session, and the
// outcome not recorded yet: try again.
var errRowLocked = errors.New("queue: the job's row is locked by another session")

// completeSQL records success for many jobs at once ($1 IDs, $2 their
// tokens), only where the job still carries the claim's token and runs.
// Rows locked by another session are skipped, to be tried again: one must
// not hold up the rest of the batch. It answers as renewSQL does. Lookup
// by primary key and token, state read from the locked row: see renewSQL.
const completeSQL = `
WITH mine AS (
    SELECT jobs.id, jobs.state FROM jobs
    JOIN unnest($1::bigint[], $2::uuid[]) AS held(id, token)
        ON jobs.id = held.id AND jobs.lease_token = held.token
    FOR UPDATE OF jobs SKIP LOCKED
), done AS (
    UPDATE jobs
    SET state = 'succeeded', finished_at = now(), leased_until = NULL
    FROM mine
    WHERE jobs.id = mine.id AND mine.state = 'running'
    RETURNING jobs.lease_token
)
SELECT lease_token::text, true, true FROM done
UNION ALL
SELECT jobs.lease_token::text, false, jobs.state = 'running' FROM jobs
JOIN unnest($1::bigint[], $2::uuid[]) AS held(id, token)
    ON jobs.id = held.id AND jobs.lease_token = held.token`

// failSQL records a handler's failure, only for the holder of the claim's
// token. With attempts left, the job goes back to the queue after an
// exponential backoff with jitter: base·2^(attempt-1), capped, times a random
// factor in [0.5, 1), added to the database clock, so workers with skewed
// clocks agree. At the limit, or for a permanent error ($4), it stops in the
// visible terminal state 'failed', keeping its last error; every attempt's
// error is appended to the job's error history.
const failSQL = `
UPDATE jobs
SET state = CASE WHEN attempts >= max_attempts OR $4 THEN 'failed' ELSE 'available' END,
    finished_at = CASE WHEN attempts >= max_attempts OR $4 THEN now() END,
    run_at = CASE WHEN attempts >= max_attempts OR $4 THEN run_at
        ELSE now() + least($5::float8 * power(2, least(attempts - 1, 30)), $6::float8)
                     * (0.5 + random() / 2) * interval '1 second'
        END,
    last_error = $3::jsonb->>'error',
    errors = errors || jsonb_set($3::jsonb, '{at}', to_jsonb(now())),
    lease_token = NULL,
    leased_until = NULL
WHERE id = $1 AND lease_token = $2 AND state = 'running'`

// maxErrorBytes caps the text stored for one attempt's error.
const maxErrorBytes = 4096

// storedError is a handler's error as the database can store it. text
// rejects NUL bytes and invalid UTF-8 (SQLSTATE 22021): unsanitized, such a
// failure could never be recorded, and the job would come back through the
// reclaimer with its real error lost. A huge error (a whole response body)
// is cut, on a character boundary.
func storedError(err error) string {
	s := strings.ReplaceAll(strings.ToValidUTF8(err.Error(), "\uFFFD"), "\x00", "\uFFFD")
	if len(s) <= maxErrorBytes {
		return s
	}
	suffix := fmt.Sprintf("… [truncated from %d bytes]", len(s))
	cut := maxErrorBytes - len(suffix)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + suffix
}

// Backoff is the delay before a failed job's next attempt.
type Backoff struct {
	Base time.Duration // the first retry's delay, before jitter
	Max  time.Duration // the cap
}

// complete records the success of one job.
func complete(ctx context.Context, pool *pgxpool.Pool, job *Job) error {
	recorded, err := completeMany(ctx, pool, []*Job{job})
	if err != nil {
		return err
	}
	return recordedErr(recorded[job.token])
}

// recordedErr is the error of a claim's outcome from completeMany's answer.
func recordedErr(r claimResult) error {
	switch r {
	case acted:
		return nil
	case locked:
		return errRowLocked
	}
	return ErrLeaseLost
}

// completeMany records the success of jobs in one statement and says which
// it recorded, and which it skipped (locked elsewhere); the others had
// lost their lease.
func completeMany(ctx context.Context, pool *pgxpool.Pool, jobs []*Job) (map[string]claimResult, error) {
	return execForClaims(ctx, pool, completeSQL, jobs)
}

// completer groups the completions of a worker's jobs: those that arrive
// while one batch's statement runs go together in the next, one commit for
// all of them. Under load that is far fewer commits than jobs; idle, a
// completion goes out at once.
type completer struct {
	pool     *pgxpool.Pool
	timeout  time.Duration // for each batch's statement
	requests chan completion
}

type completion struct {
	job  *Job
	done chan error // nil, ErrLeaseLost, errRowLocked, or the statement's error
}

func newCompleter(pool *pgxpool.Pool, timeout time.Duration) *completer {
	return &completer{pool: pool, timeout: timeout, requests: make(chan completion)}
}

// complete records job's success with the next batch and waits for it.
func (c *completer) complete(ctx context.Context, job *Job) error {
	req := completion{job: job, done: make(chan error, 1)}
	select {
	case c.requests <- req:
	case <-ctx.Done():
		return ctx.Err()
	}
	select {
	case err := <-req.done:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// run records batches until ctx is done.
func (c *completer) run(ctx context.Context) {
	const maxBatch = 1000
	for {
		var batch []completion
		select {
		case req := <-c.requests:
			batch = append(batch, req)
		case <-ctx.Done():
			return
		}
	gather:
		for len(batch) < maxBatch {
			select {
			case req := <-c.requests:
				batch = append(batch, req)
			default:
				break gather
			}
		}
		c.flush(batch)
	}
}

func (c *completer) flush(batch []completion) {
	jobs := make([]*Job, len(batch))
	for i, req := range batch {
		jobs[i] = req.job
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.timeout)
	defer cancel()
	recorded, err := completeMany(ctx, c.pool, jobs)
	for _, req := range batch {
		if err != nil {
			req.done <- err
		} else {
			req.done <- recordedErr(recorded[req.job.token])
		}
	}
}

func fail(ctx context.Context, pool *pgxpool.Pool, job *Job, handlerErr error, b Backoff) error {
	permanent := errors.Is(handlerErr, ErrPermanent)
	// The error history's entry ($3), JSON from here: the database adds "at".
	entry, err := json.Marshal(struct {
		Attempt int    `json:"attempt"`
		Error   string `json:"error"`
	}{job.Attempt, storedError(handlerErr)})
	if err != nil {
		return err
	}
	tag, err := pool.Exec(ctx, failSQL, job.ID, job.token, entry, permanent, b.Base.Seconds(), b.Max.Seconds())
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrLeaseLost
	}
	return nil
}
