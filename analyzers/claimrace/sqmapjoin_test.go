package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// squirrel's joins and SetMap: an unlocked poll of a joined table then a
// SetMap update by id races; the same update guarded by the state, whose
// changed-row count decides the winner, does not.
func TestSquirrelSetMapJoin(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "sqmap_join_race")
	ruletest.Run(t, claimrace.Analyzer, "ok_sqmap_guarded")
}
