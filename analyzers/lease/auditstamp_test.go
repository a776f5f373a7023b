package lease_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim that stamps updated_at with the clock, as its completion and
// failure do, writes no lease by that alone: with nothing that takes
// processing jobs back by updated_at, it is reported as a claim with no
// lease deadline, though another package compares updated_at in a
// report's fragment. A reaper that puts processing jobs back by
// updated_at makes it the lease.
func TestAuditStampIsNoLease(t *testing.T) {
	for _, mod := range []string{"auditstampmod", "ok_auditstampmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}
