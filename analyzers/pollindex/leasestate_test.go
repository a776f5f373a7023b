package pollindex_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/pollindex"
)

// A queue whose state is its lease and whose delivered rows are deleted
// keeps no finished rows: the lease its claim writes is no finished state.
// With no index giving the poll its order, the backlog is read and sorted.
func TestLeaseAsStateKeepsNoFinishedRows(t *testing.T) {
	ruletest.Run(t, pollindex.Analyzer, "accept_leasestate", "leasestate_noindex")
}
