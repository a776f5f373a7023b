// Package queuemodel defines the shared pass that every jobqlint rule
// requires: it builds one model of a package's job queue.
//
// queuemodel: find the SQL a package runs and the job queue it forms
//
// The model holds every call site that runs SQL through pgx (Conn, Pool,
// Tx, pgxpool, Batch.Queue), database/sql (DB, Tx, Conn, the *Context
// variants, Prepare), sqlx, any interface with those methods (sqlc's DBTX),
// and the module's own wrappers that pass a SQL parameter through (known
// across packages through facts). Each call site records its receiver
// (autocommit pool or DB, a single connection, a transaction, a batch), its
// position and its scan targets. The SQL text is resolved by package
// sqltext (constants, concatenations, fmt.Sprintf, straight-line +=, names
// from Go values as placeholders, spliced numbers as parameters); SQL it
// cannot read is recorded as unknown, with the reason, and never yields a
// finding. String constants bound to parameters are read as constants; a
// variable holding one of several gives a statement one view per value.
// A state bound from a parameter of an exported function takes the
// constants the module's callers pass there, in any package (see
// callerStates).
// DDL that Go runs under placeholder names joins the module's schema.
//
// The model then infers the queue from what statements do, not from names:
// a poll is a SELECT (alone, or inside an UPDATE, DELETE or CTE) that picks
// rows in a state jobs are created in, by a column the package also writes,
// in some order with a limit, or with SKIP LOCKED; a table with a poll is a
// queue table. On it, an INSERT is an enqueue; an UPDATE or DELETE built
// around a poll, a poll that locks its rows, or the first UPDATE by key that
// moves the polled job out of its runnable state in the same function is a
// claim; an UPDATE by key back to a runnable state is a retry, and one that
// selects rows whose deadline is past a reclaim, as is one whose key comes
// from the rows of a SELECT of stuck claimed jobs (reclaims.go; across
// packages, splitreclaims.go); each arm of a CASE on the state column has
// a role of its own (arms.go); an UPDATE by key to a state
// that is neither runnable nor claimed is a completion or, when the state or
// a recorded reason says so, a failure; a DELETE by key is a completion.
// With no poll (ids handed over by a broker), an UPDATE by key that takes
// a job out of the state jobs are created in is the claim: a
// compare-and-set that returns the row or whose job's outcome the code
// records on the same key afterwards, or an UPDATE with no re-check whose
// function then runs work that may fail and records the same job as
// succeeded and as failed
// (takenByKey, takenUnchecked). An UPDATE that takes every due row at
// once (SET running = true WHERE next_run <= $1 AND NOT running
// RETURNING ...) is its own poll and a claim when the rows move to a
// state of work, fall due by a time, and go back by key (bulktake.go).
//
// Where PostgreSQL holds only the job's record and a broker or a channel
// feeds the worker, a function that moves one row by key to a state (its
// only SQL, the state bound by its callers) is a record write (a
// RecordWrite, which package jobrecords exports as a fact), and a worker
// that calls one with a running state, runs work, then calls one with an
// outcome on the same key makes the table a job record (JobRecord; see
// jobrecord.go).
//
// Schema rules read the migrations replayed by package sqlcheck, found under
// the module root (or at the -schema paths) once per process.
package queuemodel
