package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A consumer's compare-and-set into a state of work, after a dispatcher's
// claim, is a claim of its own: its rows need a reclaim of that state, not
// only of the dispatcher's.
func TestSecondStageRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "twostage")
}

// The consumer's rows are taken back too; an operator's compare-and-set
// into a state that names no work takes nothing to run.
func TestSecondStageAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_twostage_reclaimed", "ok_twostage_paused")
}
