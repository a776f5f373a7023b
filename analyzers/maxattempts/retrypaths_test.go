package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A failure recorded and at once undone by a reset to a runnable state
// on the same path is no terminal write (undone); a reset on the other
// branch, after the failure's own write failed, or on the loop's next
// turn undoes nothing (ok_failnotundone).
func TestFailureUndone(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "undone", "ok_failnotundone")
}

// A relay holding its batch locked while it publishes each row: the
// path that finds the batch empty commits with no work, but a publish
// error rolls the batch back untouched (rbrelaysent). A claim step that
// only scans and decodes the batch before its commit stays the claim's
// own failure (ok_rbbatchstep).
func TestRollbackOfHeldBatch(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "rbrelaysent", "ok_rbbatchstep")
}

// A counter that only sizes the backoff, through a helper or a policy
// field, bounds nothing.
func TestBackoffOnlyCounter(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "backoffhelper", "backofffield")
}

// A requeue whose states are a slice of constants bound to the statement
// (state = ANY($2), $2 = []string{StateDead, StateCanceled}, handed
// through a parameter) takes back only ended jobs (ok_requeueslice); one
// whose list names the state the claim writes is a retry (requeueheld).
func TestRequeueBoundStateList(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_requeueslice", "requeueheld")
}

// A reclaim by key of jobs whose lease expired, from a queue whose claim
// counts the attempt and returns it to a dispatcher that ends the job at
// its limit, is bounded (ok_reclaimbykey); one whose claim counts nothing
// is a retry for ever (reclaimbykeynocount).
func TestReclaimByKeyCountedByClaim(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_reclaimbykey", "ok_reclaimbykey/disp", "reclaimbykeynocount")
}
