package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A GORM poll built across branches is read on each path: unlocked on
// every one it races; locked on every one, or on every path PostgreSQL
// takes (the lock left out only for SQLite), it does not.
func TestGormBranchClaim(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gorm_branch_race")
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_branch_locked")
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_dialect_locked")
}

// A lock added to a chain value with the result dropped: GORM adds it in
// place, so the claim is locked; the reader leaves the call unread rather
// than read it unlocked.
func TestGormInPlaceLock(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_gorm_inplace_locked")
}
