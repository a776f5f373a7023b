package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A batch held in a SKIP LOCKED transaction whose rows are marked one by
// one: a failing publish rolls back the earlier marks with the batch.
func TestRollbackMarkedEarlierRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "rbmarkeach")
}

// A helper that runs its statement on a transaction it keeps in a field
// is bookkeeping: its failure rolling the claim back is no retry.
func TestRollbackHelperFieldAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_rbmarkerfield")
}
