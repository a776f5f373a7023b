package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A write that bumps a counter on the row a pick finds, writing nothing
// the pick filters or orders on, takes no job (crisislink's TryDedupe):
// no poll, no claim, no queue table.
func TestCounterOnPickedRowIsNoTake(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notake_counter")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	n := 0
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			n++
			require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
		}
	}
	require.Equal(t, 3, n, "the statements are read")
}

// The same UPDATE stays a claim when it moves the row out of its pick (a
// lease or counter the pick filters on, the column it orders by) or
// locks the row it picks.
func TestTakesAroundAPickStayClaims(t *testing.T) {
	got, _ := roles(t, "queue_bumppick")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE claim", "UPDATE claim", "UPDATE claim", "UPDATE none"}, got, fmt.Sprint(got))
}
