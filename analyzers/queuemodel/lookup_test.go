package queuemodel_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A row locked by the values of a unique key (pgx, a key of two columns
// made unique inside a DO block; GORM's First by a unique token) or, with
// no schema in sight, by values of columns the package never updates
// (database/sql) is a lookup: no poll, no claim, no queue table. So is
// the active row of a grant ledger read by its whole unique key of three
// columns beside a check of its revoked_at marker.
func TestLookupsByKeyAreNoQueue(t *testing.T) {
	for _, pkg := range []string{"lookup_bykey", "lookup_noschema", "lookup_gorm", "lookup_keymarker"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, queuemodel.Analyzer, pkg)
			m := results[0].Result.(*queuemodel.Model)
			require.Empty(t, m.Tables)
			n := 0
			for _, c := range m.Calls {
				for _, st := range c.Stmts {
					n++
					require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
				}
			}
			require.NotZero(t, n, "the statements are read")
		})
	}
}

// Equality to a bound value that is no key stays a poll: a queue name of a
// table whose schema has no unique key on it, a state the package writes;
// nor is a comparison with a bound value (due_at <= $1) a key.
func TestBoundPartitionsAndStatesStayPolls(t *testing.T) {
	for pkg, want := range map[string][]string{
		"queue_partition":    {"INSERT enqueue", "SELECT claim", "DELETE complete"},
		"queue_boundstate":   {"INSERT enqueue", "SELECT claim", "UPDATE claim", "UPDATE complete", "UPDATE fail"},
		"queue_due_noschema": {"INSERT enqueue", "SELECT claim", "DELETE complete", "SELECT claim", "DELETE complete", "SELECT claim", "DELETE complete"},
	} {
		t.Run(pkg, func(t *testing.T) {
			got, _ := roles(t, pkg)
			require.Equal(t, want, got, fmt.Sprint(got))
		})
	}
}

// The same ledger read by part of its unique key (tenant and user, any
// app) picks the partition's oldest unstamped row: a poll, and the stamp
// takes it (the facts in the fixture say so).
func TestPartOfAUniqueKeyStaysAPoll(t *testing.T) {
	ruletest.Run(t, queuemodel.Analyzer, "queue_partkeymarker")
}

// A bun chain built otherwise on two paths: the claim's lock taken on
// PostgreSQL only is read as the locking claim; the completion that sets
// an output on one path is one completion, its state bound on both; the
// outcome that sets other columns on each path is a failure on one and a
// completion on the other.
func TestBunChainsOnBranches(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "bunbranchqueue")
	m := results[0].Result.(*queuemodel.Model)
	var got []string
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			got = append(got, fmt.Sprintf("%s %s", st.Kind, st.Role))
		}
	}
	require.Equal(t, []string{"INSERT enqueue", "SELECT claim", "UPDATE claim", "UPDATE complete", "UPDATE fail", "UPDATE complete"}, got)
	qt := m.QueueTables()[0]
	require.Equal(t, "status", qt.StateColumn)
}

// A table no statement searches for work (its one poll-shaped SELECT a
// page at an OFFSET) is no queue: the compare-and-set by key out of the
// created state is a request's change of a row it holds by key (an
// invitation accepted, lapsed or withdrawn, the state bound by the
// callers), not a claim (hellojohn's user_invitation). The newest open
// row of one owner, taken by a SELECT bound to the owner's key (ORDER BY
// created_at DESC LIMIT 1, or the primary key DESC), is what a request
// acts on: a lookup (libredesk's sla_events, marked met on a reply); so
// are its newest rows, a page of the caller's size (haohao's
// dataset_work_tables, listed newest first beside a request's drop).
func TestRequestsOnRowsTheyNameAreNoQueue(t *testing.T) {
	for _, pkg := range []string{"lookup_invitecas", "lookup_latestevent", "lookup_newestpage"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, queuemodel.Analyzer, pkg)
			m := results[0].Result.(*queuemodel.Model)
			require.Empty(t, m.Tables)
			n := 0
			for _, c := range m.Calls {
				for _, st := range c.Stmts {
					n++
					require.Equal(t, queuemodel.RoleNone, st.Role, "%s", c.SQL)
				}
			}
			require.NotZero(t, n, "the statements are read")
		})
	}
}

// Their counterparts stay queues: the same compare-and-set after a poll
// for the oldest open rows (no OFFSET) is a claim, and the owner's oldest
// open row (ascending), or its newest one skipping locked rows, is a
// poll whose UPDATE claims.
func TestSearchesForWorkStayClaims(t *testing.T) {
	for pkg, want := range map[string][]string{
		"queue_casafterpoll": {"INSERT enqueue", "SELECT none", "SELECT poll", "UPDATE claim", "UPDATE complete"},
		"queue_ownerfifo":    {"INSERT enqueue", "UPDATE claim", "UPDATE claim"},
		"queue_ownerbatch":   {"INSERT enqueue", "SELECT poll", "UPDATE claim"},
	} {
		t.Run(pkg, func(t *testing.T) {
			got, _ := roles(t, pkg)
			require.Equal(t, want, got, fmt.Sprint(got))
		})
	}
}

// GORM's Save in a loop over the rows Find read: the state stored on each
// path is the state of the UPDATE (the retry's Save has a view per
// branch), and the columns Save writes back as read (the error, on the
// success path) record no failure.
func TestGormSaveLoopRoles(t *testing.T) {
	got, qt := roles(t, "gormsaveloop")
	require.Equal(t, []string{"SELECT poll", "UPDATE claim", "UPDATE fail", "UPDATE retry", "UPDATE complete"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"pending"}, qt.Runnable)
	require.Equal(t, []string{"processing"}, qt.Claimed)
	// The chain's time.Now() bound to the poll reads as now().
	poll := qt.Statements[0]
	require.Equal(t, sqlcheck.KindSelect, poll.Kind)
	due := slices.IndexFunc(poll.Where, func(p sqlcheck.Pred) bool { return p.Column == "scheduled_for" })
	require.GreaterOrEqual(t, due, 0)
	require.Equal(t, sqlcheck.ValueNow, poll.Where[due].Values[0].Kind)
}

// States named by another package's exported variables, each given a
// constant and assigned nowhere else, read as those constants: in the
// poll's Where (on SSA) and in the map an Updates sets (in syntax). The
// state column is status, not the lease column the poll also filters.
func TestGormStatesFromAnotherPackagesVars(t *testing.T) {
	got, qt := roles(t, "gormconstvars/store")
	require.Equal(t, []string{"SELECT claim", "UPDATE claim", "UPDATE complete"}, got)
	require.Equal(t, "status", qt.StateColumn)
	require.Equal(t, []string{"queued"}, qt.Runnable)
	require.Equal(t, []string{"running"}, qt.Claimed)
}
