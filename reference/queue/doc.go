// Package queue is jobqlint's reference job queue on PostgreSQL (pgx v5,
// PostgreSQL 15): the design the review approves, small enough to read in
// one sitting and sound enough to run in production. Each concern lives in
// one place:
//
//   - schema: migrations/ (timestamptz everywhere, a partial index per
//     query that scans) applied by Migrate, each step in its own
//     transaction (or none, for CREATE INDEX CONCURRENTLY) under a lock
//     timeout, from a deploy step or one worker's -migrate (migrate.go);
//   - enqueue: Enqueue and EnqueueMany run in the caller's pgx.Tx, so a job
//     exists only if the caller commits (enqueue.go);
//   - claim: one statement, FOR UPDATE SKIP LOCKED, that counts the attempt
//     and writes a lease token and deadline (claim.go);
//   - lease: the heartbeat renews it on the worker's own connection and
//     cancels a handler whose lease is lost or could not be renewed in
//     time; the reclaimer returns expired leases to the queue after a
//     backoff, or fails them at the limit (lease.go);
//   - outcome and retry: completion and failure are guarded by the claim's
//     token (fencing), failures back off exponentially with jitter by the
//     database clock and stop at the attempt limit in the state 'failed';
//     error text is made storable and capped, and every attempt's error is
//     kept (outcome.go);
//   - the worker loop, bookkeeping retries and shutdown: Worker.Run
//     (worker.go): jobs in hand keyed by claim token, a slot freed when the
//     handler returns (its outcome is committed after, with others), grace
//     period, then cancellation, then a hard stop;
//   - wake-ups: enqueue notifies from the client at most once per queue
//     every 20 ms, the worker LISTENs, and polling is the fallback
//     (notify.go); retention of finished jobs (retention.go);
//   - typed handlers, the payload decoded once: Handle (handlers.go).
//
// Delivery is at least once: a job whose worker dies mid-run runs again
// after its lease expires, so handlers must be idempotent (an email job
// records that it sent; a charge passes the provider an idempotency key
// that is the same on every attempt: Job.IdempotencyKey, or a key in the
// job's arguments). (Job.ID, Job.Attempt) is a fence: the attempt grows
// with every claim, so a downstream service that keeps the highest one it
// accepted per job turns away a stale run's late write.
package queue
