package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A locked poll on the pool whose rows the poll's function hands one by
// one to a helper that marks each taken (eval22 LaventeCare's
// processQueue and processEmail): the lock ended before the mark.
func TestHelperStepRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "helperstep")
}

// The same helper given the poll's transaction: the locks hold through
// every mark. A batch claimed in one statement, whose helper records each
// row sending: the statement took the rows.
func TestHelperStepAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_helperstep_tx", "ok_helperstep_onestmt")
}
