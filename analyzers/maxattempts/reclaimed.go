package maxattempts

import (
	"go/ast"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// An expired lease taken back by key: a sweeper puts back, one by one, the
// jobs a claim leased whose lease has run out (UPDATE ... SET state =
// 'queued' WHERE id = $1 AND state = 'leased' AND lease_until < $2). No
// handler failed: the worker died or stalled. When the claim counts the
// attempt as it leases the job (attempt = attempt + 1) and a limit is
// compared somewhere the count reaches (in the package's Go or SQL, or by
// the callers the claim returns the count to), the next lease counts the
// attempt, and the job runs out of attempts like any other: the reclaim
// is bounded. A claim that counts nothing leaves the reclaim a retry for
// ever, and it is judged as one.

// leaseReclaimCounted reports whether a retry only takes back jobs whose
// lease expired, from a queue whose claim counts attempts against a limit.
func leaseReclaimCounted(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	if !takesExpiredLeases(qt, r) {
		return false
	}
	counted, returned := false, false
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleClaim || !attempts.Spends(st.Stmt) {
			continue
		}
		counted = true
		returned = returned || st.ReturnsAttempts()
	}
	return counted && (returned || comparesCountInSQL(m, qt) || comparesCountInGo(pass))
}

// takesExpiredLeases reports whether a statement's WHERE admits only the
// states the claims move jobs to, and only while a deadline a claim of the
// table writes lies in the past (lease_until < now(), lease_until < $2).
func takesExpiredLeases(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	states, ok := sqlcheck.FilterStates(r.Where, qt.StateColumn)
	if !ok || states.Not || len(states.Cond) > 0 || len(states.In) == 0 {
		return false
	}
	for _, v := range states.In {
		if !slices.Contains(qt.Claimed, v) {
			return false
		}
	}
	written := map[string]bool{}
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleClaim {
			continue
		}
		for _, a := range st.Set {
			if a.Column != qt.StateColumn && !attempts.Named(a.Column) {
				written[a.Column] = true
			}
		}
	}
	for _, p := range r.Where {
		if written[p.Column] && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) {
			return true
		}
	}
	return false
}

// comparesCountInSQL reports whether a statement on the table, in the
// package or in the module's SQL, compares an attempt count with an
// ordering operator (WHERE attempts < max_attempts, a CASE that decides).
func comparesCountInSQL(m *queuemodel.Model, qt *queuemodel.QueueTable) bool {
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	found := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			found = found || sqlGuard(s, sqlcheck.OpLt, sqlcheck.OpLe, sqlcheck.OpGt, sqlcheck.OpGe)
			for _, a := range s.Set {
				found = found || a.Column == qt.StateColumn && caseOnAttempts.MatchString(a.Value.Text)
			}
		})
	}
	return found
}

// comparesCountInGo reports whether the package's Go code (outside tests)
// compares an attempt count with an ordering operator.
func comparesCountInGo(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok {
				found = found || ordersCount(b)
			}
			return !found
		})
	}
	return found
}
