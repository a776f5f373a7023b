// Package queue is jobqlint's reference job queue on PostgreSQL (pgx v5,
// PostgreSQL 15): the design the review approves, small enough to read in
// one sitting and sound enough to run in production. Each concern lives in
// one place:
//
//   - schema: migrations/ (timestamptz everywhere, a partial index per
//     query that scans, autovacuum thresholds sized for the churn rather
//     than for the finished jobs kept) applied by Migrate, each step in its
//     own transaction (or none, for CREATE INDEX CONCURRENTLY, recorded
//     only once the index is valid) under a lock timeout, from a deploy
//     step or one worker's -migrate (migrate.go);
//   - enqueue: Enqueue and EnqueueMany run in the caller's pgx.Tx, so a job
//     exists only if the caller commits; a unique key makes one job of
//     many enqueues, which get its ID (enqueue.go);
//   - claim: one statement, FOR UPDATE SKIP LOCKED, that counts the attempt
//     and writes a lease token and deadline (claim.go);
//   - lease: the heartbeat renews it on the worker's own connection,
//     skipping a row another session holds locked, and cancels a handler
//     whose lease is lost or could not be renewed in time; the reclaimer
//     returns expired leases to the queue after a backoff, or fails them
//     at the limit (lease.go);
//   - timeouts: a handler runs at most its kind's Timeout or the worker's
//     JobTimeout; one that ignores the cancellation is logged as stuck and
//     let go (timeout.go);
//   - outcome and retry: completion and failure are guarded by the claim's
//     token (fencing), a completion skips a locked row and tries again,
//     failures back off exponentially with jitter by the database clock
//     and stop at the attempt limit in the state 'failed'; error text is
//     made storable and capped, and every attempt's error is kept
//     (outcome.go);
//   - the worker loop, bookkeeping retries and shutdown: Worker.Run
//     (worker.go): jobs in hand keyed by claim token, a slot freed when the
//     handler returns (its outcome is committed after, with others), grace
//     period, then cancellation, then a hard stop;
//   - wake-ups: enqueue notifies from the client at most once per queue
//     every 20 ms (one that rolled back does not count); the worker
//     LISTENs, and polling is the fallback (notify.go);
//   - retention of finished jobs, in a goroutine and on a connection of its
//     own (retention.go);
//   - typed handlers, the payload decoded once (retried for a while when it
//     does not decode: rolling deploys), panics kept with their stack:
//     Handle (handlers.go);
//   - the operator's calls: List, Retry, Cancel (operator.go; the jobs
//     command runs them);
//   - metrics: a hook that hears of every run's kind, outcome and timings
//     (metrics.go).
//
// Delivery is at least once: a job whose worker dies mid-run runs again
// after its lease expires, so handlers must be idempotent (an email job
// records that it sent; a charge passes the provider an idempotency key
// that is the same on every attempt: Job.IdempotencyKey, or a key in the
// job's arguments). (Job.ID, Job.Attempt) is a fence: the attempt grows
// with every claim, so a downstream service that keeps the highest one it
// accepted per job turns away a stale run's late write.
package queue
