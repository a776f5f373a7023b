package lease

import (
	"fmt"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A claim that takes nothing: a locked poll in a transaction that commits
// before the job runs, whose only writes count the attempt by key (SET
// attempts = attempts + 1 WHERE id = $1) and leave every column the poll
// reads as it was. Once committed, the row lock is gone and the row is as
// runnable as before: the next poll, of this worker or another, takes the
// job again while it runs. A write of the state, or of the due time the
// poll waits for (a lease by due time), takes the job; so does a DELETE.

// checkCountedOnly reports the claims that take nothing.
func checkCountedOnly(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects) {
	reported := map[*queuemodel.Statement]bool{}
	for _, c := range m.Calls {
		for _, poll := range c.Stmts {
			qt := m.Tables[poll.Table]
			if qt == nil || poll.Role != queuemodel.RoleClaim || poll.Kind != sqlcheck.KindSelect {
				continue
			}
			if c.Receiver != queuemodel.RecvTx || !committedFirst(e, c) || queuemodel.InTestFile(pass, c.Pos()) {
				continue
			}
			read := readColumns(qt, poll)
			counts := countsOnlyAfter(m, qt, poll, read)
			if len(counts) == 0 {
				continue
			}
			first := counts[0]
			if reported[first] {
				continue
			}
			reported[first] = true
			var written []string
			for _, a := range first.Set {
				written = append(written, a.Column)
			}
			pos, end := first.PosAt(pass.Fset, sqlcheck.ClauseSet)
			if !pos.IsValid() {
				pos, end = first.Pos(), token.NoPos
			}
			pass.Report(analysis.Diagnostic{
				Pos: pos, End: end,
				Message: fmt.Sprintf("this claim commits before the job runs, and its write (%s) leaves the row as its poll finds it\n"+
					"the poll reads %s, which nothing here changes: once the transaction commits, the row lock is gone and the next poll takes the job again while it runs, so it runs twice; "+
					"take the job in the claim: push the time the poll waits for ahead as a lease (next_retry_at = now() + interval '5 minutes'), or move it to an in-progress state with a lease and a reclaim",
					strings.Join(written, ", "), strings.Join(read, ", ")),
				Related: []analysis.RelatedInformation{{Pos: poll.Pos(), Message: "the locked poll, whose lock ends at the commit"}},
			})
		}
	}
}

// readColumns returns the columns of the table that a claim's polls
// filter on.
func readColumns(qt *queuemodel.QueueTable, claim *queuemodel.Statement) []string {
	var cols []string
	var walk func([]sqlcheck.Pred)
	walk = func(where []sqlcheck.Pred) {
		for _, p := range where {
			for _, br := range p.Branches {
				walk(br)
			}
			if p.Column != "" && !slices.Contains(cols, p.Column) {
				cols = append(cols, p.Column)
			}
		}
	}
	for _, p := range claim.Polls {
		if p.Table == qt.Name {
			walk(p.Where)
		}
	}
	return cols
}

// countsOnlyAfter returns the statements the claim's function runs after
// the poll when each is an UPDATE of the table that writes none of the
// columns the poll reads; nil when the function runs any other statement
// (another table's write, a DELETE, a write of a read column).
func countsOnlyAfter(m *queuemodel.Model, qt *queuemodel.QueueTable, poll *queuemodel.Statement, read []string) []*queuemodel.Statement {
	var out []*queuemodel.Statement
	for _, c := range m.Calls {
		if c.Func == nil || c.Func != poll.Call.Func {
			continue
		}
		for _, st := range c.Stmts {
			if st == poll || !poll.Before(st) {
				continue
			}
			if st.Kind != sqlcheck.KindUpdate || st.Table != qt.Name {
				return nil
			}
			if slices.ContainsFunc(st.Set, func(a sqlcheck.Assign) bool { return slices.Contains(read, a.Column) }) {
				return nil
			}
			out = append(out, st)
		}
	}
	return out
}
