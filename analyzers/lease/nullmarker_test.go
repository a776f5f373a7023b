package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A queue whose state is whether locked_at and synced_at are NULL, claimed
// in a PL/pgSQL function: without a sweeper a dead worker's stamp stays.
func TestNullMarkerClaimWithoutSweeper(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "nullmarker_func_nolease")
}

func TestNullMarkerClaimWithSweeper(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_nullmarker_sweeper")
}
