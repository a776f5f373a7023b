package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A locked poll on an autocommit handle that nothing else claims: the rows
// are handled and written by key after its locks are gone. A sqlc method's
// poll is judged at the call that runs it on the pool. A worker's keyed
// lock that does not re-check the state, or that runs on the pool, claims
// nothing either.
func TestAutocommitPollRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "autocommit_pool", "autocommit_db", "autocommit_conn", "autocommit_sqlc", "autocommit_keylocknostate", "autocommit_keylockpool")
}

// The same polls in a transaction that also writes (begun here, passed
// down, or BEGIN run as SQL), a poll whose statement claims, a lookup by
// key, a compare-and-set that takes each row, an advisory lock that lets
// one drainer run, a handle the callers choose and none of them sees,
// and a sqlc method's poll (handed on by its package) run on q.WithTx(tx),
// or by the one replica that holds an advisory lock.
// A store whose locked poll only another package calls, with the take
// after it (splitlocked), is judged at that caller (splitlockedworker).
// A dispatcher's locked poll whose workers take each id again by key, in
// the transaction that records the outcome, re-checking the state.
func TestAutocommitPollAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_autocommit_tx", "ok_autocommit_txpassed", "ok_autocommit_onestmt", "ok_autocommit_lookup",
		"ok_autocommit_cas", "ok_autocommit_advisory", "ok_autocommit_dbtx", "ok_autocommit_begin",
		"acsqlc", "ok_autocommit_sqlc", "ok_autocommit_sqlcleader", "splitlocked", "ok_autocommit_keylock")
}

// A module's handle type whose Exec and Query forward the SQL to its pool
// field (read on SSA, exported as a fact) is that pool: acsqlc's locked
// poll on New(client) releases its locks. Accepted: the poll in a
// transaction begun on the client, a wrapper that forwards to a
// transaction, and one whose Query picks its handle at run time.
func TestAutocommitPollOnWrappedPool(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "autocommit_wrapped", "ok_autocommit_wrapped")
}
