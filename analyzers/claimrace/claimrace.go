package claimrace

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the claimrace rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the claimrace rule's findings.
var Analyzer = Rule.Analyzer

const fixAtomic = "claim in one statement: UPDATE ... SET status = 'running' WHERE id = (SELECT id ... FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING ..."

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			qt := m.Tables[st.Table]
			if qt == nil {
				continue
			}
			switch {
			case st.Step != nil:
				twoStep(pass, qt, st)
			case st.Kind == sqlcheck.KindUpdate && st.Role == queuemodel.RoleClaim && len(st.Polls) > 0:
				unlockedSubquery(pass, qt, st)
			case isCAS(qt, st) && st.PolledBy == nil:
				if !st.ResultChecked() {
					reportCAS(pass, st, nil)
				}
			}
		}
	}
	return nil, nil
}

// twoStep checks a SELECT that finds a job and the UPDATE that then takes it.
func twoStep(pass *analysis.Pass, qt *queuemodel.QueueTable, poll *queuemodel.Statement) {
	step := poll.Step
	if rechecks(qt, step.Stmt) {
		// A compare-and-set: safe when the code looks at whether it won.
		if !step.ResultChecked() {
			reportCAS(pass, step, poll)
		}
		return
	}
	locked := poll.Lock != nil
	switch {
	case !locked:
		report(pass, poll, step, "the UPDATE that takes the job",
			"two workers can claim the same job: both run this SELECT before either UPDATE commits, read the same row, "+
				"and both UPDATEs succeed because the UPDATE does not re-check the status; "+fixAtomic)
	case queuemodel.LockReleased(poll, step):
		report(pass, poll, step, "the UPDATE that takes the job",
			fmt.Sprintf("FOR %s on a %s releases its row lock as soon as the SELECT returns (autocommit): a second worker selects the same row before the UPDATE runs, "+
				"and both take it; run the SELECT and the UPDATE in one transaction, or %s",
				strings.ToUpper(poll.Lock.Strength), poll.Call.Receiver, fixAtomic))
	}
	// Locked inside a transaction, or on a receiver of unknown kind: fine, or
	// not for the tool to say.
}

// unlockedSubquery checks a one-statement claim whose poll takes no lock.
func unlockedSubquery(pass *analysis.Pass, qt *queuemodel.QueueTable, st *queuemodel.Statement) {
	for _, p := range st.Polls {
		if p.Lock != nil || p == st.Stmt {
			return
		}
	}
	if rechecks(qt, st.Stmt) {
		return // the second UPDATE re-evaluates the status and matches nothing
	}
	report(pass, st, nil, "",
		"the subquery picks the next job without locking it and the outer WHERE does not re-check the status: "+
			"two concurrent UPDATEs pick the same id, the second waits for the first and then takes the row again; "+
			"add FOR UPDATE SKIP LOCKED to the subquery")
}

func reportCAS(pass *analysis.Pass, cas, poll *queuemodel.Statement) {
	report(pass, cas, poll, "the SELECT that found the job",
		"this compare-and-set claim re-checks the status, but nothing checks that it matched a row: when another worker took the job first, "+
			"it updates nothing and the job runs anyway; check RowsAffected() (or scan the RETURNING row and handle ErrNoRows) before running the job")
}

// isCAS reports whether an UPDATE by key moves a job out of a runnable
// state only if it is still in it: WHERE id = $1 AND status = 'queued'.
func isCAS(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	if st.Kind != sqlcheck.KindUpdate || st.Role != queuemodel.RoleClaim {
		return false
	}
	return rechecks(qt, st.Stmt)
}

// rechecks reports whether a statement's WHERE filters on the queue's state
// column, so that it matches nothing once another worker changed the state.
func rechecks(qt *queuemodel.QueueTable, s *sqlcheck.Stmt) bool {
	if qt.StateColumn == "" {
		return false
	}
	if _, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn); ok {
		return true // status IN (...), status = 'a' OR status = 'b', locked_at IS NULL
	}
	for _, p := range s.Where {
		if p.Column == qt.StateColumn && p.Op != sqlcheck.OpOther {
			return true // status = $2
		}
	}
	return false
}

func report(pass *analysis.Pass, at, other *queuemodel.Statement, otherMsg, msg string) {
	d := analysis.Diagnostic{Pos: at.Pos(), Message: msg}
	if other != nil {
		d.Related = []analysis.RelatedInformation{{Pos: other.Pos(), Message: otherMsg}}
	}
	d.Related = append(d.Related, at.Related()...)
	pass.Report(d)
}
