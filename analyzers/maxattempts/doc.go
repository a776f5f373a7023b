// Package maxattempts defines an Analyzer that reports retries that never
// stop.
//
// # Analyzer maxattempts
//
// maxattempts: report attempt limits nobody reads, and retries with no limit
//
// A poison job (one whose handler always fails) must end in a terminal
// state someone can see ('failed', with its last error), or it is retried
// for ever with growing delays and nobody notices.
//
// The rule reports, in a package with a job queue:
//
//   - a declared attempt limit (a constant, variable, struct field or flag
//     value named like MaxAttempts, maxRetries, MAX_TRIES, attempt_limit)
//     that no decision reads; a read inside a log or format call does not
//     count. An exported limit read by another package of the module, by
//     name, counts as read;
//   - an attempt-limit column of a queue table (max_attempts) that no
//     statement in the module compares, computes with or reads back;
//   - otherwise, a retry (an UPDATE by key that puts a failed job back in a
//     runnable state) with no terminal failure guarded by the attempt count:
//     in Go (the failure runs under `if job.Attempts >= max`, or a helper
//     called in the condition), or in SQL (CASE WHEN attempts >= $2 THEN
//     'failed' ..., or WHERE attempts < max_attempts on the retry, or WHERE
//     attempts >= ... on the failure).
//
// When a limit is unread, the retry it should have stopped is its related
// position: one defect, one finding.
package maxattempts
