package reclaimattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/reclaimattempts"
)

// Reclaims whose jobs' count is compared only on the failure path: in
// Fail's WHERE by key, in the function that records the failure, under
// the handler's error check; a backoff's floor and loop bound no job.
func TestFailurePathOnlyRejected(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "failsqlonly", "failgoonly", "backoffexported", "retake_failonly")
}

// The count compared where every reclaimed job passes: a rescuer that
// discards the exhausted, a reaper that fails them first, a worker that
// checks it right after the claim.
func TestFailurePathOnlyAccepted(t *testing.T) {
	ruletest.Run(t, reclaimattempts.Analyzer, "ok_rescuerdiscards", "ok_reaperfails", "ok_checkafterclaim")
}
