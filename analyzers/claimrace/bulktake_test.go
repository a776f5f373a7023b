package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A bulk take re-checks its state on every row it writes: no race.
func TestBulkTakeAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_bulktake")
}
