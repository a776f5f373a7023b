package queuemodel_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// States bound in the slice a call passes as its parameters (args...):
// typed constants of another package, a helper's parameter its callers
// in the package give constants, and texts chosen with their slices, each
// read with its own.
func TestStatesBoundInASpreadSlice(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "spreadstates")
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%d %s %s %s", fset.Position(c.Pos()).Line, st.Kind, st.Role, stateOf(st.Stmt, "status")))
		}
	}
	require.Equal(t, []string{
		"20 INSERT enqueue insert 'pending'",
		"26 UPDATE claim set 'running' also updated_at=?",
		// Each text with the state of its own slice.
		"38 UPDATE complete set 'done' also updated_at=?",
		"38 UPDATE fail set 'failed' also last_error=$3 updated_at=?",
		// The helper's parameter, given by Requeue and Cancel.
		"53 UPDATE fail set 'failed' where 'running' also updated_at=?",
		"53 UPDATE retry set 'pending' where 'running' also updated_at=?",
		// Both texts bind $1 to what Waiting and Stuck give: a listing,
		// one view kept.
		"77 SELECT none where 'pending'",
		// The reason stays a parameter.
		"100 UPDATE complete set 'done' where 'running'",
		"100 UPDATE fail set 'failed' where 'running' also last_error=$1",
	}, got)
	qt := m.QueueTables()[0]
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}

// stateOf writes what a statement does with a column: the value it sets
// it to, the values its WHERE compares it with, and the other columns it
// sets.
func stateOf(s *sqlcheck.Stmt, col string) string {
	var parts, others []string
	for _, a := range s.Set {
		if a.Column == col {
			parts = append(parts, "set "+value(a.Value))
		} else {
			others = append(others, a.Column+"="+value(a.Value))
		}
	}
	for _, p := range s.Where {
		if p.Column != col {
			continue
		}
		for _, v := range p.Values {
			parts = append(parts, "where "+value(v))
		}
	}
	for i, c := range s.InsertCols {
		if c == col && i < len(s.InsertValues) {
			parts = append(parts, "insert "+value(s.InsertValues[i]))
		}
	}
	slices.Sort(others)
	if len(others) > 0 {
		parts = append(parts, "also "+strings.Join(others, " "))
	}
	return strings.Join(parts, " ")
}

func value(v sqlcheck.Value) string {
	switch v.Kind {
	case sqlcheck.ValueConst:
		return "'" + v.Str + "'"
	case sqlcheck.ValueParam:
		return fmt.Sprintf("$%d", v.Param)
	}
	return "?"
}

// A store's exported method that binds the state its caller gives in the
// slice it passes (args := []any{status, id}; Exec(q, args...)) plays the
// roles of the states the module's callers pass, as when it binds the
// parameter itself; a text they pass into another column changes nothing.
func TestStatesGivenByCallersInASpreadSlice(t *testing.T) {
	got, qt := roles(t, "callerspread")
	require.Equal(t, []string{"UPDATE claim", "UPDATE fail", "UPDATE complete", "UPDATE none", "UPDATE none"}, got)
	require.Equal(t, []string{"running"}, qt.Claimed)
	set := qt.Statements[1]
	require.True(t, set.BoundOutside)
	require.Len(t, set.Call.Stmts, 2)
	require.False(t, qt.Statements[3].BoundOutside, "last_error is no state")
	require.False(t, qt.Statements[4].BoundOutside, "Close's $1 is the caller's or Failed")
}
