package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A bulk take of due rows (UPDATE ... WHERE next_run <= now() AND NOT
// running RETURNING ...) is a claim: with no lease it strands the rows of
// a killed worker, with a lease and a sweep it does not.
func TestBulkTake(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "bulktake_nolease")
	ruletest.Run(t, lease.Analyzer, "ok_bulktake_reclaim", "ok_flagtake_reclaim")
}
