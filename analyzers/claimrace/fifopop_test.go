package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A FIFO queue with no state column, popped by a DELETE of its oldest row
// that returns it and takes no lock, is a queue the model reads, and no
// race: the second of two pops returns no row.
func TestFIFOPopAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_fifopop_unlocked")
}
