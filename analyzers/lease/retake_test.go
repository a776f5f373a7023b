package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim whose poll takes running jobs back by a deadline it leaves in
// the past: the job is taken again while it runs.
func TestRetakeRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "retakenow")
}

// A claim that pushes that deadline ahead holds a lease, and so does one
// whose poll also waits for a lease the claim writes.
func TestRetakeAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_retakepushed", "ok_retakeleased")
}
