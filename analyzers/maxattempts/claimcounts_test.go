package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A claim that counts each attempt, beside a poll that takes a job only
// while the count is under a limit, bounds the retries that put the job
// back without counting; the same claim beside a poll that never compares
// the count does not.
func TestClaimCountsPollCaps(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_claimcounts", "claimcountsnocap", "othercounts")
}
