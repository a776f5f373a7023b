package maxattempts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A state set in a struct's field before the call of the helper that
// binds it, judged per call: a retry with no limit, reported at the
// helper's statement with the call that gives it the state.
func TestCallSiteFieldsRejected(t *testing.T) {
	results := ruletest.Run(t, maxattempts.Analyzer, "fieldsave")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.Related, 1)
	require.Equal(t, "the call that gives it this state", d.Related[0].Message)
	require.Equal(t, 48, results[0].Pass.Fset.Position(d.Related[0].Pos).Line)
}

// The same helper given a failed state at the limit and queued below it.
func TestCallSiteFieldsAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_fieldsave", "ok_fieldcreate", "ok_fieldcreatetx", "ok_fieldsaveconfig", "ok_fieldhook")
}

// A call of a retry its callee makes as a bool parameter says points at
// that retry as one its caller asks for, not one made on every path.
func TestAskedRetryRelated(t *testing.T) {
	results := ruletest.Run(t, maxattempts.Analyzer, "nackself")
	require.Len(t, results[0].Diagnostics, 1)
	d := results[0].Diagnostics[0]
	require.Len(t, d.Related, 1)
	require.Equal(t, "the retry nackself.(*PostgresQueue).Nack makes unless its caller says the attempts ran out", d.Related[0].Message)
	require.Equal(t, 38, results[0].Pass.Fset.Position(d.Related[0].Pos).Line)
}
