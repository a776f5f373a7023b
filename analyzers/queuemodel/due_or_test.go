package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A read whose every OR branch compares a time column with now() reads
// due rows by each of them; one whose branch reads anything else (a flag)
// is not read as a due-time poll.
func TestDueOrBranches(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "due_or")
	qt := results[0].Result.(*queuemodel.Model).Tables["public.reminders"]
	require.NotNil(t, qt)
	require.Equal(t, []string{"first_at", "second_at"}, qt.DueColumns)
	got, _ := roles(t, "due_or")
	require.Equal(t, []string{"SELECT poll", "UPDATE claim"}, got, fmt.Sprint(got))

	results = ruletest.Run(t, queuemodel.Analyzer, "notqueue_due_or_flag")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)
	var none []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			none = append(none, fmt.Sprintf("%s %s", st.Kind, st.Role))
		}
	}
	require.Equal(t, []string{"SELECT none", "UPDATE none"}, none)
}

// A read of rows old enough by their creation stamp (created_at, its
// DEFAULT the clock, no UPDATE writes it, compared with now() moved back
// a week) is a retention run's (libredesk's purge of unlinked media): no
// due-time queue. The same read of a time the code gives the row
// (send_after, set by the INSERT) stays a due-time queue.
func TestDueAgeCutoffIsRetention(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "notqueue_due_agepurge")
	m := results[0].Result.(*queuemodel.Model)
	require.Empty(t, m.Tables)

	results = ruletest.Run(t, queuemodel.Analyzer, "queue_due_setcutoff")
	qt := results[0].Result.(*queuemodel.Model).Tables["public.uploads"]
	require.NotNil(t, qt)
	require.True(t, qt.Due())
	require.Equal(t, []string{"send_after"}, qt.DueColumns)
}
