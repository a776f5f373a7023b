package claimrace_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
)

// A store's UpdateStatus writes the state its caller gives; a worker in
// another package calls NextPending, then UpdateStatus with
// StatusRunning. Reported, at the worker's poll: an unlocked SELECT then
// the UPDATE (worker.Run, plainworker.Run), a FOR UPDATE on the pool
// (worker.RunLocked), the same through helpers of the worker's own that
// name the state (Wrapped.Run). The store tells which state its claims
// take jobs to (its compare-and-set Transition moves them to running), or,
// in plainstore, the worker does, by moving the job on to an outcome later
// in the same turn. Accepted: a job found and moved straight to an outcome
// (Cancel, CancelInLoop, Wrapped.Cancel) or to one of two (Triage), or to running and left there
// (Hold: nothing says running is a state of work), a compare-and-set whose
// outcome the worker checks (RunCAS), a FOR UPDATE SKIP LOCKED in the
// transaction that also takes the job (RunInTx).
func TestCallerStateSplit(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "callerstatemod"), claimrace.Analyzer, "./...")
}
