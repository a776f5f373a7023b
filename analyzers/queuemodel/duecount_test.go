package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

func rolesOf(m *queuemodel.Model) []string {
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s %s", st.Kind, st.Table, st.Role))
		}
	}
	return got
}

// A failure that pushes the due time the poll reads and keeps the error,
// leaving the state as it is, puts the job back: a retry.
func TestDuePushIsARetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "duecountclaim")
	m := results[0].Result.(*queuemodel.Model)
	require.Equal(t, []string{
		"SELECT public.deliveries claim",
		"UPDATE public.deliveries none",
		"UPDATE public.deliveries complete",
		"UPDATE public.deliveries fail",
		"UPDATE public.deliveries retry",
	}, rolesOf(m))
}

// A claim step that pushes the due time the poll reads ahead, before the
// work, takes the job: a lease by due time. The failure's push after the
// work, from a Go time, is a retry; so is a push that counts the attempt
// after the work, in the transaction that holds the row. The same push in
// a function of its own, or on a failed row, is neither.
func TestDuePushBeforeWorkIsTheClaim(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "duelease")
	m := results[0].Result.(*queuemodel.Model)
	require.Equal(t, []string{
		"SELECT public.deliveries claim",
		"UPDATE public.deliveries claim",
		"UPDATE public.deliveries retry",
		"UPDATE public.deliveries complete",
		"SELECT public.deliveries claim",
		"UPDATE public.deliveries retry",
		"DELETE public.deliveries complete",
		"SELECT public.deliveries claim",
		"UPDATE public.deliveries none", // counts and pushes, in a function of its own
		"UPDATE public.deliveries none", // a failed delivery rescheduled
		"SELECT public.deliveries claim",
		"UPDATE public.deliveries none", // due at once: takes nothing
		"UPDATE public.deliveries complete",
		"SELECT public.deliveries poll",
		"UPDATE public.deliveries none", // after an unlocked read
		"UPDATE public.deliveries complete",
	}, rolesOf(m))
}

// The same retry on a queue with no state column.
func TestDuePushWithNoStateIsARetry(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "duestateless")
	m := results[0].Result.(*queuemodel.Model)
	require.Equal(t, []string{
		"SELECT public.webhook_jobs claim",
		"UPDATE public.webhook_jobs retry",
		"DELETE public.webhook_jobs complete",
	}, rolesOf(m))
}
