package reclaimattempts_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/reclaimattempts"
)

// A reaper in a package of its own that no import joins to the store: the
// store's claims are judged with it, in module mode (the module's
// statements are read from its files).
func TestReclaimElsewhereRejected(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "reapermod"), reclaimattempts.Analyzer, "./...")
}

// A worker in another package that reads the count and fails the job at
// the limit: the janitor's reclaim stops there.
func TestReclaimElsewhereLimitedAccepted(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "okreaperlimitmod"), reclaimattempts.Analyzer, "./...")
}

// A package that claims from the queue and reclaims too judges its own
// reclaim; the other claim's package does not report it again.
func TestReclaimElsewhereJudgedWhereItClaims(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "reaperownmod"), reclaimattempts.Analyzer, "./...")
}

// Other packages put jobs back without taking back expired leases: an
// operator's requeue by key, a retry of failed jobs, a test's setup.
func TestReclaimElsewhereOnlyExpiredClaimsAccepted(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "okreaperothermod"), reclaimattempts.Analyzer, "./...")
}

// A claim that re-takes expired jobs itself is judged as the reclaim it
// is, once, whatever a janitor elsewhere does.
func TestReclaimElsewhereBesideARetakingClaim(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "reaperretakemod"), reclaimattempts.Analyzer, "./...")
}
