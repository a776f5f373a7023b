package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// Delete-on-done queues (a row is a pending job, deleted once its work
// succeeded): the advance of the due time after a failed run is the retry.
// With or without counting, it is unbounded when nothing compares the count
// with a limit; a loop over the poll's rows (pgx's rows.Next) is no such
// comparison.
func TestDeleteOnDoneRetries(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "spool_nolimit", "spool_nocount")
}

// A poll that reads the count under a limit, a Go comparison of the count
// before the retry, and a compare-and-set lease with no retry statement
// (an expired lease coming due again is the lease rule's business).
func TestDeleteOnDoneRetriesAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_spool_pollcap", "ok_spool_goguard", "ok_spool_lease")
}
