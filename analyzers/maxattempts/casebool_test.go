package maxattempts_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A state chosen in SQL by a bool the caller binds (CASE WHEN $3 THEN
// 'failed' ELSE 'pending' END): judged where the bool is computed.
func TestCaseBoolRejected(t *testing.T) {
	results := ruletest.Run(t, maxattempts.Analyzer, "casebool", "casebooleg", "caseboolworker")
	// The finding names the call that binds the value that retries.
	for _, res := range results[:2] {
		require.Len(t, res.Diagnostics, 1)
		related := res.Diagnostics[0].Related
		require.NotEmpty(t, related)
		last := related[len(related)-1]
		require.Contains(t, last.Message, "the call that binds the value that puts the job back")
	}
}

func TestCaseBoolAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_casebool", "ok_caseboolphi", "ok_caseboolfield", "caseboolstore", "ok_caseboolworker")
}
