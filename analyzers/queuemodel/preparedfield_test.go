package queuemodel_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A prepared statement held in an unexported field the package sets once
// runs its Prepare's SQL where it runs: on the transaction tx.Stmt binds
// it to, or on the pool it was prepared on, and the Prepare is not a
// second site. A field set twice, or an exported one (set out of sight),
// stays unread, and its Prepares stay sites of their own.
func TestPreparedFields(t *testing.T) {
	results := ruletest.Run(t, queuemodel.Analyzer, "preparedfields")
	require.Len(t, results, 1)
	m := results[0].Result.(*queuemodel.Model)
	fset := results[0].Pass.Fset
	var got []string
	for _, c := range m.Calls {
		s := fmt.Sprintf("%d %s %s", fset.Position(c.Pos()).Line, c.Method, c.Receiver)
		if c.Known {
			s += fmt.Sprintf(" %q args=%d", c.SQL[:20], len(c.Args))
		} else {
			s += " (" + c.Unread + ")"
		}
		for _, st := range c.Stmts {
			s += " " + st.Role.String()
		}
		got = append(got, s)
	}
	require.Equal(t, []string{
		`27 PrepareContext pool "SELECT count(*) FROM" args=0 none`, // swapped: set twice
		`28 PrepareContext pool "SELECT id FROM jobs " args=0 none`, // Listed: exported
		`29 PrepareContext pool "SELECT id FROM jobs " args=0 none`, // byAddr: written through its address
		`35 PrepareContext pool "SELECT count(*) FROM" args=0 none`,
		// no Prepare at 17 or 23: their fields' runs read them
		`39 QueryRowContext tx "UPDATE jobs SET stat" args=0 claim`,
		`44 ExecContext pool "UPDATE jobs SET stat" args=1 complete`,
		`49 QueryRowContext stmt (a prepared statement whose Prepare is out of sight)`,
		`54 QueryContext stmt (a prepared statement whose Prepare is out of sight)`,
		`59 PrepareContext pool "SELECT id FROM jobs " args=0 none`,
		`67 QueryContext stmt (a prepared statement whose Prepare is out of sight)`,
	}, got)
}
