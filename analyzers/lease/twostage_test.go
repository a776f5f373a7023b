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

// A reclaim of another relation in the spliced schema takes nothing back.
func TestSplicedSchemaRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "schemavalue_other", "schemavalue_other/sweep")
}

// Reclaims the queue's table in shapes the claim's statement does not
// share: a WITH query of a statement on another table, and the same
// relation in a schema another Go value names.
func TestReclaimShapesAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_ctereclaim", "ok_schemavalue", "ok_schemavalue/sweep")
}

// A read and an UPDATE by key called in two cases of one switch never run
// in turn: the UPDATE is no claim step of the read.
func TestSwitchCasesAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_switchcases")
}
