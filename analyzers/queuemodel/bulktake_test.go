package queuemodel_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A scheduler's tick takes every due row in one UPDATE that flips its
// state and returns the rows; the rows go back by key once run.
func TestBulkTakeClaims(t *testing.T) {
	for pkg, want := range map[string][]string{
		"bulktake_flag":            {"INSERT enqueue", "UPDATE claim", "UPDATE complete"},
		"bulktake_status_noschema": {"INSERT enqueue", "UPDATE claim", "UPDATE complete", "UPDATE fail"},
	} {
		t.Run(pkg, func(t *testing.T) {
			got, _ := roles(t, pkg)
			require.Equal(t, want, got)
		})
	}
}

// Rows moved in bulk that are no jobs: sessions expired, subscriptions
// lapsed, accounts locked by a count, by tenant or all at once, campaigns
// switched on with nothing returned, devices locked by a bound count,
// accounts locked for good, feature flags switched on when their rollout
// comes.
func TestBulkMovesThatTakeNoJob(t *testing.T) {
	for _, pkg := range []string{"notqueue_bulkexpire", "notqueue_bulkrenew", "notqueue_bulkpause", "notqueue_bulkswitch", "notqueue_bulkcount_noschema", "notqueue_bulklockout", "notqueue_featureflag"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, queuemodel.Analyzer, pkg)
			m := results[0].Result.(*queuemodel.Model)
			require.Empty(t, m.Tables)
			for _, c := range m.Calls {
				for _, st := range c.Stmts {
					require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
				}
			}
		})
	}
}
