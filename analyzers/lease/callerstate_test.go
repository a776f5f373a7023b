package lease_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A worker finds a job through its store's NextPending and takes it
// through the store's UpdateStatus, giving store.StatusRunning, then moves
// it to an outcome: the store has no claim of its own, and nothing in the
// module puts a running job back. Reported at the worker's take; the
// worker's Cancel, which moves the job it found straight to an outcome,
// takes nothing.
func TestCallerStateClaimRejected(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "callerstatemod"), lease.Analyzer, "./...")
}

// The same claim, its running jobs put back by a reaper in a package of
// its own that nothing imports (its UPDATE filters on running and the
// time), or by one that lists the stuck jobs through the store and puts
// each back through UpdateStatus.
func TestCallerStateClaimAccepted(t *testing.T) {
	for _, mod := range []string{"ok_callerstatereapermod", "ok_callerstatescanmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}
