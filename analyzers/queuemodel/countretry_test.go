package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Raising the retry count of a row that a relay's poll reads again is a
// retry; raising it on a row in a state the poll does not read is not.
func TestCountOnPolledRowIsARetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "countretry")
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	require.Equal(t, []string{
		"SELECT public.outbox poll",
		"UPDATE public.outbox complete",
		"UPDATE public.outbox retry",
		"UPDATE public.outbox none", // counts a failed message
	}, got)
}

// A package that counts the attempts of a table another package polls
// and claims sees no poll of its own: the count is not taken for a retry.
func TestCountOfATableClaimedElsewhereIsNoRetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "countsplit")
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	require.Equal(t, []string{
		"UPDATE public.deliveries none",
		"UPDATE public.deliveries none",
	}, got)
}

// A state jobs are created in is runnable, but a write of it by key puts
// the job back only when some poll takes it: 'failed', which every poll
// skips, ends the job; 'held', which the second poll takes, is a retry.
func TestCreatedStateNoPollTakesIsNoRetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "createdunpolled")
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	require.Equal(t, []string{
		"INSERT public.outbox enqueue",
		"INSERT public.outbox enqueue",
		"INSERT public.outbox enqueue",
		"UPDATE public.outbox claim",
		"UPDATE public.outbox claim",
		"UPDATE public.outbox fail",
		"UPDATE public.outbox retry",
	}, got)
	qt := m.Tables["public.outbox"]
	require.True(t, qt.Retaken("held"))
	require.True(t, qt.Retaken("queued"))
	require.False(t, qt.Retaken("failed"))
}
