package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A relay with no marker reads every row in key order and deletes what it
// handed on: the read is its poll, the delete its completion.
func TestMarkerlessRelays(t *testing.T) {
	for pkg, want := range map[string][]string{
		"relay_nomarker_func":  {"INSERT enqueue", "SELECT poll", "DELETE complete"},
		"relay_nomarker_store": {"INSERT enqueue", "SELECT poll", "DELETE complete"},
	} {
		t.Run(pkg, func(t *testing.T) {
			got, qt := roles(t, pkg)
			require.Equal(t, want, got)
			require.True(t, qt.Relay())
		})
	}
}

// Reads of the first rows and deletes that hand nothing on: a listing and
// a delete by key, prunings.
func TestListAndDeleteIsNoRelay(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notqueue_listdelete")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
		}
	}
}
