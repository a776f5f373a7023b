// Package queue is jobqlint's reference job queue on PostgreSQL (pgx v5,
// PostgreSQL 15): the design the review approves, small enough to read in
// one sitting and sound enough to run in production. Each concern lives in
// one place:
//
//   - schema: migrations/ (timestamptz everywhere, a partial index per
//     query that scans) applied by Migrate (migrate.go);
//   - enqueue: Enqueue and EnqueueMany run in the caller's pgx.Tx, so a job
//     exists only if the caller commits (enqueue.go);
//   - claim: one statement, FOR UPDATE SKIP LOCKED, that counts the attempt
//     and writes a lease token and deadline (claim.go);
//   - lease: heartbeats renew it, the reclaimer returns expired leases to
//     the queue or fails them at the limit (lease.go);
//   - outcome and retry: completion and failure are guarded by the claim's
//     token (fencing), failures back off exponentially with jitter by the
//     database clock and stop at the attempt limit in the state 'failed'
//     (outcome.go);
//   - the worker loop, bookkeeping retries and shutdown: Worker.Run
//     (worker.go); LISTEN/NOTIFY wake-ups with polling as the fallback
//     (notify.go); retention of finished jobs (retention.go);
//   - typed handlers, the payload decoded once: Handle (handlers.go).
//
// Delivery is at least once: a job whose worker dies mid-run runs again
// after its lease expires, so handlers must be idempotent (an email job
// records that it sent; a charge uses the provider's idempotency key).
package queue
