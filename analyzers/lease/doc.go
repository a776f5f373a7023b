// Package lease defines an Analyzer that reports claims with no way back
// for a job whose worker dies, and worker commands that die mid-job on
// every deploy.
//
// # Analyzer lease
//
// lease: report claims without a lease, and workers without SIGTERM handling
//
// A claim that moves a job to an in-progress state ('running') promises
// that its worker will move it on. Workers die: every deploy kills them. A
// day later the row is still 'running' and the job never runs again.
//
// The rule reports:
//
//   - a claim that moves the row to an in-progress state and writes no
//     lease deadline (a column set from now(), such as locked_until = now()
//   - interval '5 minutes', or from a time.Time argument);
//   - a claim that writes a lease when no statement anywhere in the
//     module's SQL (Go code of any package, .sql files such as sqlc
//     queries) reclaims expired leases, that is compares the lease column
//     with the time;
//   - a package main that starts a claim loop (known across packages
//     through an analysis fact) with no SIGTERM handling (signal.NotifyContext
//     or signal.Notify with syscall.SIGTERM, or with no signal list), so
//     every deploy kills the job in hand.
//
// It accepts the claims it cannot prove leave a row behind: a claim run
// inside a transaction (a crash rolls the state back), and a worker that
// holds a session advisory lock (released when its connection dies). How
// the job's context is cancelled after SIGTERM is out of its scope.
package lease
