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
