package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// helperRoles lists, for one package, each statement's line and role.
func helperRoles(t *testing.T, pkg string) []string {
	results := ruletest.Run(t, queuemodel.Analyzer, pkg)
	require.Len(t, results, 1)
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%d %s", results[0].Pass.Fset.Position(c.Pos()).Line, st.Role))
		}
	}
	return got
}

// A poll's function hands each row to a helper whose first statement
// marks it taken: that UPDATE is the claim's step (eval22 LaventeCare).
func TestHelperStep(t *testing.T) {
	require.Equal(t, []string{"17 claim", "36 claim", "40 retry", "43 complete"}, helperRoles(t, "helperstep"))
}

// A helper that sends the row before it marks it: the mark records the
// send, it takes nothing (the guard effects.WorkBefore).
func TestHelperStepWorkFirst(t *testing.T) {
	require.Equal(t, []string{"14 claim", "34 complete"}, helperRoles(t, "helperstep_workfirst"))
}

// A helper that calls one take more than once, on the same Queries, once
// per path, forwards that take (eval22 notif's executeScheduled); one that
// calls two takes, or one take on two handles, or a poll twice, does not.
func TestForwardsOneTakeTwice(t *testing.T) {
	ruletest.Run(t, queuemodel.Analyzer, "fwdtwice")
}
