package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A completion written in a closure a transaction runner runs: its error
// is the runner call's, and a return of it out of the claim loop stops
// the relay; logged, by the relay or by a runner that returns only its
// own errors, it does not.
func TestRunnerClosures(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "runnerstop", "ok_runnerlogged", "ok_runnerswallows")
}
