package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim whose poll joins the table that says which jobs are ready, and
// whose UPDATE joins another for their kind, is judged as any claim.
func TestJoinedClaimRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "joinedclaim")
}

func TestJoinedClaimAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_joinedclaim")
}
