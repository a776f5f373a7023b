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
