package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Claims written as CTE chains, UPDATE ... FROM a WITH query and subqueries
// in FROM that two workers can win at once: the pick takes no lock, or the
// lock is taken in a join that does not re-check the state (see
// TestJoinLockEvidenceOnPostgreSQL), or it ends with an autocommit SELECT.
func TestSQLShapesRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "cte_updatefrom_unlocked", "cte_joinlock_unfiltered", "cte_joinlock_union", "fromsub_locked_pool")
}

// The same shapes written correctly.
func TestSQLShapesAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_cte_joinlock_filtered", "ok_fromsub_locked")
}
