// Package claimrace defines an Analyzer that reports job claims two
// workers can make at once.
//
// # Analyzer claimrace
//
// claimrace: report claims two workers can win at the same time
//
// Selecting the next job and marking it taken must be one atomic step. With
// 12 workers polling, a gap between the two is taken every day: the same
// email goes out twice, the same subscription is charged twice.
//
// The rule reports:
//
//   - an unlocked SELECT of the next job, then UPDATE ... WHERE id = $1 that
//     does not re-check the status (the seed): both workers read the same
//     oldest row and both UPDATEs succeed;
//   - SELECT ... FOR UPDATE [SKIP LOCKED] on an autocommit receiver (a pool,
//     *sql.DB, a connection outside a transaction) followed by a separate
//     UPDATE: the lock is released when the SELECT returns;
//   - a compare-and-set UPDATE ... WHERE id = $1 AND status = 'queued' whose
//     row count (or RETURNING row) is never checked before the job runs;
//   - a single UPDATE whose subquery takes no lock and whose outer WHERE does
//     not re-check the status: the second of two concurrent UPDATEs waits
//     for the first, then updates the same row again.
//
// It accepts: one statement that claims (UPDATE or DELETE ... WHERE id =
// (SELECT ... FOR UPDATE SKIP LOCKED), IN (...), or a locking CTE,
// RETURNING ...); a compare-and-set whose row count or RETURNING row is
// checked; SELECT ... FOR UPDATE inside a transaction (pgx.Tx, *sql.Tx, the
// closures of pgx.BeginFunc) that also holds the update; FOR NO KEY UPDATE;
// advisory locks followed by a status re-check. Statements on a receiver it
// cannot classify (an interface such as sqlc's DBTX) are not reported.
//
// The finding sits on the claim, with the other statement as a related
// position. TestEvidenceOnPostgreSQL runs the seed's claim and the fixed
// claim from two connections in lock-step on PostgreSQL 15.
package claimrace
