package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A drain runs until no job is left and returns: its callers run it again.
// Returning a write's error ends the drain, not a worker, unless a caller
// in sight stops on it.
func TestDrains(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_draintick", "draincallerstops", "drainsleeps")
}
