package lease

import (
	_ "embed"
	"fmt"
	"go/types"
	"regexp"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the lease rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires: []*analysis.Analyzer{queuemodel.Analyzer},
	Run:      run,
})

// Analyzer reports the lease rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	checkClaims(pass, m)
	if pass.Pkg.Name() == "main" {
		checkShutdown(pass, m)
	}
	return nil, nil
}

// checkClaims reports claims that move a job to an in-progress state with
// no lease, or with a lease nothing reclaims.
func checkClaims(pass *analysis.Pass, m *queuemodel.Model) {
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			qt := m.Tables[st.Table]
			if qt == nil || st.Role != queuemodel.RoleClaim || st.Kind != sqlcheck.KindUpdate || !movesToInProgress(qt, st) {
				continue
			}
			if c.Receiver == queuemodel.RecvTx || holdsSessionLock(m, c) {
				continue // a crash rolls the claim back, or releases the lock
			}
			table := queuemodel.TableName(qt.Name)
			state, inState, back := describeState(qt, st)
			leases := leaseColumns(pass, st)
			if len(leases) == 0 {
				pass.Report(analysis.Diagnostic{
					Pos:     st.Pos(),
					Related: st.Related(),
					Message: fmt.Sprintf("this claim moves the job to %s and writes no lease deadline: a worker killed mid-job (on every deploy) leaves the row %s forever; "+
						"set a lease in the claim (locked_until = now() + interval '5 minutes') and reclaim expired leases (UPDATE %s SET %s WHERE %s AND locked_until < now())",
						state, state, table, back, inState),
				})
				continue
			}
			if !reclaimed(m, qt, leases) {
				pass.Report(analysis.Diagnostic{
					Pos:     st.Pos(),
					Related: st.Related(),
					Message: fmt.Sprintf("this claim writes a lease (%s), but no statement in the module returns jobs whose lease expired: a killed worker's job stays %s forever; "+
						"add a reclaimer that runs periodically: UPDATE %s SET %s WHERE %s AND %s < now()",
						strings.Join(leases, ", "), state, table, back, inState, leases[0]+leaseAge(qt, leases[0])),
				})
			}
		}
	}
}

// describeState names the state a claim moves a job to, the SQL that
// selects jobs in it, and the assignment that puts them back: 'running',
// status = 'running', status = ...; or, for a queue whose state is whether
// a column is set, claimed (locked_at set), locked_at IS NOT NULL,
// locked_at = NULL.
func describeState(qt *queuemodel.QueueTable, st *queuemodel.Statement) (state, in, back string) {
	col := qt.StateColumn
	if v, _ := qt.AssignedState(st); v == sqlcheck.StateNotNull {
		return "claimed (" + col + " set)", col + " IS NOT NULL", col + " = NULL"
	}
	v, _ := st.Assigns(col)
	return v.Text, col + " = " + v.Text, col + " = ..."
}

// leaseAge is what a lease column that holds the claim's time is compared
// with: locked_at < now() - interval '5 minutes' (a deadline needs nothing).
func leaseAge(qt *queuemodel.QueueTable, lease string) string {
	if lease == qt.StateColumn {
		return " + interval '5 minutes'"
	}
	return ""
}

// movesToInProgress reports whether a claim sets the state column to a
// state claims move jobs to.
func movesToInProgress(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	v, ok := qt.AssignedState(st)
	if !ok {
		return false
	}
	for _, c := range qt.Claimed {
		if c == v {
			return true
		}
	}
	return false
}

// timeExpr matches SQL that computes a time: the clock, or a parameter
// cast to a timestamp (coalesce($1::timestamptz, now()), as River writes).
var timeExpr = regexp.MustCompile(`(?i)\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(|\bcurrent_timestamp\b|\$\d+\s*::\s*timestamp`)

// leaseColumns returns the columns a claim sets to a time: from the clock,
// from a timestamp parameter, or from a time.Time argument.
func leaseColumns(pass *analysis.Pass, st *queuemodel.Statement) []string {
	var cols []string
	for _, a := range st.Set {
		switch {
		case a.Value.Kind == sqlcheck.ValueNow, timeExpr.MatchString(a.Value.Text):
			cols = append(cols, a.Column)
		case a.Value.Kind == sqlcheck.ValueParam:
			if arg := st.Arg(a.Value.Param); arg != nil && isTime(pass.TypesInfo.TypeOf(arg)) {
				cols = append(cols, a.Column)
			}
		}
	}
	return cols
}

func isTime(t types.Type) bool {
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "time" && named.Obj().Name() == "Time"
}

// reclaimed reports whether some statement on the table, in the package or
// anywhere in the module's SQL, selects rows by a lease column being past:
// lease < now(), lease < $1, or the same inside an OR.
func reclaimed(m *queuemodel.Model, qt *queuemodel.QueueTable, leases []string) bool {
	var stmts []*sqlcheck.Stmt
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	if comparesLease(stmts, qt.Name, leases) {
		return true
	}
	return comparesLease(m.ModuleStatements(), qt.Name, leases)
}

func comparesLease(stmts []*sqlcheck.Stmt, table string, leases []string) bool {
	found := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != table {
				return
			}
			for _, p := range s.Where {
				for _, col := range leases {
					if expired(p, col) {
						found = true
					}
				}
			}
		})
	}
	return found
}

func expired(p sqlcheck.Pred, col string) bool {
	if p.Column == col && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) {
		return true
	}
	if p.Op != sqlcheck.OpOther {
		return false
	}
	q := regexp.QuoteMeta(col)
	return regexp.MustCompile(`\b` + q + `\s*<|>=?\s*(\w+\.)?` + q + `\b`).MatchString(p.Text)
}

var sessionLock = regexp.MustCompile(`(?i)\bpg_(try_)?advisory_lock(_shared)?\s*\(`)

// holdsSessionLock reports whether the function that claims also takes a
// session-level advisory lock, which PostgreSQL releases when the worker's
// connection dies.
func holdsSessionLock(m *queuemodel.Model, claim *queuemodel.Call) bool {
	for _, c := range m.Calls {
		if c.Known && c.Decl != nil && c.Decl == claim.Decl && sessionLock.MatchString(c.SQL) {
			return true
		}
	}
	return false
}
