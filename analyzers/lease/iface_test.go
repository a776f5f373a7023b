package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// Reclaims reached through the store's interface, the state given by the
// caller.
func TestIfaceAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_reaperstate", "ok_reaperstate/reaper", "ok_reaperstate/worker", "ok_reaperrange", "ok_reaperrange/reaper")
}

// A reaper through the interface that gives the store's SetStatus a state
// that does not put the job back.
func TestIfaceRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "reaperstate_buries", "reaperstate_buries/reaper", "reaperstate_buries/worker")
}
