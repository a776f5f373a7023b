package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A claim that marks rows with its owner and leaves them in their
// runnable state already takes the jobs: a compare-and-set out of that
// state by key (fire the timer, cancel it) records an outcome, it is no
// second claim.
func TestCompareAndSetBesideAMarkerClaimIsAnOutcome(t *testing.T) {
	got, qt := roles(t, "markerclaim")
	require.Equal(t, []string{
		"INSERT enqueue",
		"UPDATE claim",
		"UPDATE complete", // fired
		"UPDATE fail",     // canceled
	}, got)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Empty(t, qt.Claimed)
}
