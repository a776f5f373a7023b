package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A poll that joins a flag queue with another table and returns columns of
// both is read as the SELECT of the table whose flag it filters on (one
// added by a later migration), as is one whose outputs are all that
// table's: with the mark after the work, by the table's two-column key,
// the table is a relay.
func TestJoinedFlagRelay(t *testing.T) {
	for _, pkg := range []string{"joinedflag_relay", "joinedflag_subject"} {
		t.Run(pkg, func(t *testing.T) {
			got, qt := roles(t, pkg)
			require.Equal(t, []string{"SELECT poll", "UPDATE complete"}, got)
			require.Equal(t, "public.enrolments", qt.Name)
			require.Equal(t, "welcomed", qt.StateColumn)
			require.True(t, qt.Relay())
			require.Equal(t, "public.enrolments", qt.RelayPolls()[0].Table)
		})
	}
}

// What is no such poll: a join whose other table is given the caller's
// key (one course's enrolments), one that filters on a written flag of
// each table (whose rows it takes is not told), and a read nothing marks
// after the work; the SELECT keeps the join it is, with no table of its
// own.
func TestJoinedFlagNoPoll(t *testing.T) {
	for _, pkg := range []string{"joinedflag_given", "joinedflag_two", "joinedflag_listing"} {
		t.Run(pkg, func(t *testing.T) {
			results := ruletest.Run(t, queuemodel.Analyzer, pkg)
			m := results[0].Result.(*queuemodel.Model)
			require.Empty(t, m.Tables)
			var got []string
			for _, c := range m.Calls {
				for _, st := range c.Stmts {
					got = append(got, fmt.Sprintf("%s %s %q", st.Kind, st.Role, st.Table))
				}
			}
			require.Contains(t, got, `SELECT none ""`)
		})
	}
}
