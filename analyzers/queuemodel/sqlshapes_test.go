package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A poll that locks its job in a subquery in FROM and joins another table
// for more columns polls and claims the subquery's table.
func TestLockingSubqueryInFrom(t *testing.T) {
	got, qt := roles(t, "fromsublocked")
	require.Equal(t, "public.credentials", qt.Name)
	require.Equal(t, []string{"SELECT claim", "UPDATE complete"}, got)
}

// The arms of a UNION in the claim's candidates: the one that re-takes jobs
// whose lease expired is a poll of the claim beside the one that polls the
// waiting jobs.
func TestUnionArmsArePolls(t *testing.T) {
	got, qt := roles(t, "unionretake")
	require.Equal(t, []string{"UPDATE claim", "UPDATE complete", "UPDATE fail", "UPDATE retry"}, got)
	require.Equal(t, []string{"processing"}, qt.Claimed)
	claim := qt.Statements[0]
	require.Len(t, claim.Polls, 2)
}
