package lease

import (
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A claim may take a job by clearing the time its poll reads due rows by,
// and move no state: WITH due AS (SELECT id FROM agent_jobs WHERE
// next_run_at <= $1 ... FOR UPDATE SKIP LOCKED) UPDATE agent_jobs SET
// next_run_at = NULL FROM due ... (a cron scheduler's pick-up). NULL is the
// taken state: the poll's comparison admits no NULL, so the row is out of
// every poll until something writes the column again. The worker writes
// the next run when the job ends (by key); a worker that dies first
// leaves the column NULL, and the schedule never runs again, unless a
// statement gives taken rows back.

// clearedDue returns the column a claim takes its rows by clearing: the
// claim sets it to NULL, moves no state of the table's state column, and
// every way of the WHERE of each of its polls on the table compares the
// column with the clock or a bound value as due (col <= now(), col < $1).
func clearedDue(qt *queuemodel.QueueTable, claim *queuemodel.Statement) (string, bool) {
	if _, ok := qt.AssignedState(claim); ok {
		return "", false
	}
	for _, a := range claim.Set {
		if a.Value.Kind != sqlcheck.ValueNull || a.Column == qt.StateColumn {
			continue
		}
		polls := 0
		due := true
		for _, poll := range claim.Polls {
			if poll.Table != qt.Name {
				continue
			}
			polls++
			for _, conj := range conjunctions(poll.Where) {
				due = due && slices.ContainsFunc(conj, func(p sqlcheck.Pred) bool {
					return p.Column == a.Column && !p.OrNull && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) &&
						len(p.Values) == 1 && (p.Values[0].Kind == sqlcheck.ValueNow || p.Values[0].Kind == sqlcheck.ValueParam)
				})
			}
		}
		if polls > 0 && due {
			return a.Column, true
		}
	}
	return "", false
}

// clearedGivenBack reports whether anything may give back a row a claim
// took by clearing col: a statement on the table (an UPDATE, a DELETE, or
// a SELECT that lists rows for Go code to decide on) whose WHERE admits
// only rows where col IS NULL in one of its ways, or a fragment of
// another package comparing col (see comparedElsewhere). An UPDATE by key
// that writes the next run (the worker's own completion, an API edit)
// gives back no taken row the worker left.
func clearedGivenBack(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable, claim *queuemodel.Statement, col string) bool {
	var stmts []*sqlcheck.Stmt
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			stmts = append(stmts, st.Stmt)
		}
	}
	stmts = append(stmts, m.ModuleStatements()...)
	found := false
	for _, top := range stmts {
		if top == claim.Stmt {
			continue
		}
		top.Walk(func(s *sqlcheck.Stmt) {
			if found || !(s.Table == qt.Name || placeholderTable(s.Table) || sameRelation(s.Table, qt.Name)) {
				return
			}
			for _, conj := range conjunctions(s.Where) {
				if slices.ContainsFunc(conj, func(p sqlcheck.Pred) bool { return p.Column == col && p.Op == sqlcheck.OpIsNull }) {
					found = true
					return
				}
			}
		})
	}
	return found || comparedElsewhere(pass, m, []string{col})
}

// clearedMessage is the finding of a claim that takes rows by clearing col
// when nothing gives them back.
func clearedMessage(qt *queuemodel.QueueTable, col string) string {
	table := queuemodel.TableName(qt.Name)
	return fmt.Sprintf("this claim takes the job by setting %s to NULL, and nothing in the module gives a taken row back\n"+
		"its poll never reads a NULL %s: a worker killed mid-job (on every deploy) leaves the job taken forever, and it never runs again; "+
		"write a lease in the claim (locked_until = now() + interval '5 minutes') and give back taken rows whose lease expired "+
		"(UPDATE %s SET %s = now() WHERE %s IS NULL AND locked_until < now())",
		col, col, table, col, col)
}
