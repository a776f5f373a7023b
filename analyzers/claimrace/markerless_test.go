package claimrace_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A relay with no marker (read the oldest rows, publish, delete them) is
// judged as a marked relay is: unlocked and with no advisory lock, two
// relays publish the same rows.
func TestMarkerlessRelay(t *testing.T) {
	results := ruletest.Run(t, claimrace.Analyzer, "relay_nomarker")
	require.Len(t, results[0].Diagnostics, 1)
	require.Equal(t, "the DELETE that removes the rows once handed on", results[0].Diagnostics[0].Related[0].Message)
	ruletest.Run(t, claimrace.Analyzer, "ok_relay_nomarker_locked", "ok_relay_nomarker_advisory")
}
