package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A relay whose poll takes every state but the one it marks delivered
// (state IS DISTINCT FROM 'delivered'), the failure written inside
// sql.NullString: the failed row is retaken with no limit. Counting tries
// that the poll compares is the fix.
func TestRelayRetryThroughWrapper(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "relay_wrapped_retry")
}

func TestRelayRetryThroughWrapperAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_relay_wrapped_retry")
}
