// Package bookkeeping defines an Analyzer that reports bookkeeping errors
// handled as job failures, and bookkeeping errors that stop the worker.
//
// # Analyzer bookkeeping
//
// bookkeeping: report bookkeeping errors that re-run jobs or stop the worker
//
// The statement that records a job's success can fail after the job ran: a
// connection drops, a deploy restarts PostgreSQL. If that error takes the
// path of a handler failure (a shared err, a closure returning both, a
// helper whose error triggers the retry), the finished job is queued again
// and runs twice: a second email, a second charge. And if a failed
// bookkeeping write stops the worker (log.Fatal, panic, os.Exit, or
// returning it out of the worker loop), one database hiccup kills every
// worker.
//
// The rule reports the completion whose error reaches a branch that fails
// or retries the job, and the bookkeeping write whose error stops the
// worker. It accepts handler and database errors handled apart, logging
// the bookkeeping error and going on, retrying the bookkeeping write, and
// completing in the same transaction as the work (a failed completion then
// rolls the work back, so running the job again is right).
package bookkeeping
