package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A batch function that returns a failed completion's error, called only
// by another package of the module from a loop that logs the error and
// goes on at the next tick (a ticker's range, a goroutine's select and
// continue): the worker does not stop.
func TestStopJudgedAtOtherPackagesLoop(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_tickcaller", "ok_tickcaller_go")
}

// The same batch, run by a command whose loop ends the process on the
// batch's error (log.Fatalf): the failed completion stops the worker.
func TestStopAtOtherPackagesLoopThatEnds(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "tickcaller_stops")
}
