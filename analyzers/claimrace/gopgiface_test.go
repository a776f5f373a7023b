package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// go-pg reached through pg.DBI in a store's field: an unlocked SELECT then
// an UPDATE by key races; an UPDATE whose subquery takes the row FOR
// UPDATE SKIP LOCKED, or a SKIP LOCKED claim in RunInTransaction, does not.
func TestGoPGThroughInterface(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gopg_iface_race")
	ruletest.Run(t, claimrace.Analyzer, "ok_gopg_iface")
}
