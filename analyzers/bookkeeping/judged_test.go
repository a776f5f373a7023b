package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A mark made before the work (the move to 'running' by key once the job
// is claimed), a stop only once the context ended, and returns before the
// Commit that follow a failure or a no-op of the completion: no finding.
func TestJudgedAccepted(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_prework", "ok_ctxwait", "ok_txoutcome")
}

// A write after the work, a failure written with no outcome after it, a
// return on the error after a pause, and returns on the completion's
// success before the Commit: reported.
func TestJudgedRejected(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "prework_afterwork", "ctxwaitreturn", "txoutcome_success")
}
