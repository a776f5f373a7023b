package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A reaper built with go-pg in a package that imports the queue's (monetr's
// shape): the queue's package cannot see it, and the reaper's package, which
// sees the claim only through its dependency, takes the table's states
// from the dependency rather than reading them backwards off the reaper.
func TestORMReaperElsewhereAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_ormreaper", "ok_ormreaper/reaper")
}

// Fragments of another package that compare another column, or a test's
// that compares the lease, take nothing back; and a dependency's states do
// not hide a claim of its importer's own.
func TestORMReaperElsewhereRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ormreaper_other", "ormreaper_other/sweep", "ormreaper_depclaim", "ormreaper_depclaim/worker")
}
