package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// Per-owner lookups: the poll fixes, by a value its caller binds, the
// leading columns of an index (a primary key, a unique constraint) whose
// next columns give its order: it reads one owner's rows (a draft's
// picks, a campaign's recipients), not the table. A token's row, found by
// its unique key, was accepted before (a lookup) and still is.
func TestOwnerLookupsAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_owner_draft", "accept_owner_recipients", "accept_owner_token")
}

// The same shape on a queue: a tenant's tasks taken with SKIP LOCKED by
// concurrent workers, or polled in the package's loop, are every task the
// tenant ran, finished ones included.
func TestOwnerQueuesRejected(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "owner_tenant_skiplocked", "owner_tenant_loop")
}

// A poll for one owner's rows run from a loop whose every turn binds
// another owner (the campaigns being sent, the drafts whose clock ran
// out, joined with aliases) reads each owner's rows once per pass: no
// owner's rows are polled again and again.
func TestOwnerPerTurnAccepted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_owner_campaignloop", "accept_owner_autopick")
}

// The owner a loop binds the same on every turn is still polled again and
// again: a tenant passed down a chain of calls to a looping worker, or a
// tenant of an outer loop whose inner loop drains its tasks.
func TestOwnerSameEachTurnRejected(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "owner_tenant_chain", "owner_tenant_each")
}

// One owner's waiting rows on a table that deletes what it hands out (a
// user's key packages, taken by DELETE ... RETURNING): an index on the
// owner finds them, and sorting them is the poll's whole cost. Where the
// table keeps the rows it handed out, the owner's taken rows pile up in
// what each poll reads and sorts.
func TestOwnerUnorderedDeleted(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_owner_keypackages", "owner_unordered_kept")
}
