package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Queues whose state is whether columns are NULL: the claim stamps one
// (locked_at), another ends the job (processed_at, synced_at) without
// touching the first, and a reaper clears the stamp once too old.
func TestNullMarkerQueues(t *testing.T) {
	cases := []struct {
		pkg   string
		roles []string
	}{
		// Resend clears failed_at: it ends nothing (the tool does not read
		// it as the retry it is: no state column moves).
		{"nullmarker_outbox", []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE fail", "UPDATE none", "UPDATE reclaim"}},
		// The claim is a PL/pgSQL function of the schema whose poll locks
		// its candidates in a WITH query, ordered and limited outside it.
		{"nullmarker_func", []string{"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE reclaim"}},
	}
	for _, c := range cases {
		t.Run(c.pkg, func(t *testing.T) {
			got, qt := roles(t, c.pkg)
			require.Equal(t, c.roles, got)
			require.Equal(t, "locked_at", qt.StateColumn)
			require.Equal(t, []string{"(null)"}, qt.Runnable)
			require.Equal(t, []string{"(not null)"}, qt.Claimed)
		})
	}
}

// A flag the poll requires false is no marker of a job's end: revoking a
// key whose reminders a ticker takes has no role.
func TestFlagBesideANullableDueColumn(t *testing.T) {
	got, _ := roles(t, "nullmarker_flag")
	require.Equal(t, []string{"INSERT enqueue", "UPDATE claim", "UPDATE none"}, got)
}

// Nullable columns a listing filters on and statements by key set, with
// nothing that takes rows: no queue.
func TestNullMarkersWithoutAClaim(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notqueue_auditdeleted")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
		}
	}
}
