package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A put-back reached from a go statement that hands its goroutine no job,
// with no branch on a failure on the way, is an enqueue (ok_xharvester);
// the same put-back after a failed download, or on a goroutine handed an
// id by an exported function, is a retry (xharvester).
func TestNoFailureBefore(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "xharvester")
}

func TestNoFailureBeforeAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_xharvester")
}
