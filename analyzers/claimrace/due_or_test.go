package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A row with several deadlines is due once any of them has passed: the
// read that ORs them is a due-time poll, judged as one with one deadline.
func TestDueOrRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "due_reminders_or", "due_reminders_or_halfcas")
}

func TestDueOrAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_due_reminders_or_cas")
}
