package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A job put back before its handler runs (a resource it needs is busy),
// or once the handler succeeded, is deferred, not a failure retried: the
// store's own statements, a clock and a deferred call are no work.
func TestDeferralBeforeWorkAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "xdeferstore", "ok_xdeferworker")
}

// The same Postpone after the handler failed: through a helper, a closure
// also called on the failure path or handed to code that runs the
// handler, and after a handler started in a goroutine.
func TestDeferralAfterWorkRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "xdeferstore", "xdeferworker")
}
