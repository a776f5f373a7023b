package lease

import (
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// checkSplitClaims judges the claims this package assembles from a store's
// halves whose take writes the state the caller gives (a worker calls
// store.NextPending, then store.UpdateStatus(ctx, job.ID,
// store.StatusRunning); see queuemodel.SplitClaim.State): the store's
// package does not see which state its callers take jobs to, so the claim
// is judged here, at the caller's take. Each half commits on its
// own (a pool): a worker killed mid-job leaves the row in that state
// unless some statement of the module takes such rows back. Halves that
// run on the caller's transaction are left alone, as a claim on a
// transaction is (a crash rolls it back).
func checkSplitClaims(pass *analysis.Pass, m *queuemodel.Model) {
	for _, s := range m.SplitClaims() {
		if s.State == "" || s.Take.StateColumn == "" || !s.Take.Receiver.Autocommit() || queuemodel.InTestFile(pass, s.TakeSite.Pos()) {
			continue
		}
		if takenBack(m, s.Take.Table, s.Take.StateColumn, s.State) {
			continue
		}
		table, col := queuemodel.TableName(s.Take.Table), s.Take.StateColumn
		pass.Report(analysis.Diagnostic{
			Pos:     s.TakeSite.Pos(),
			Related: []analysis.RelatedInformation{{Pos: s.PollSite.Pos(), Message: "the call of " + s.PollFunc.Name() + ", whose SELECT finds the job"}},
			Message: fmt.Sprintf("this call claims the job %s found: %s's UPDATE moves it to '%s', and nothing in the module takes '%s' jobs back\n"+
				"a worker killed mid-job (on every deploy) leaves the row '%s' forever; write a lease deadline when taking the job "+
				"(locked_until = now() + interval '5 minutes') and reclaim expired leases periodically "+
				"(UPDATE %s SET %s = ... WHERE %s = '%s' AND locked_until < now())",
				s.PollFunc.Name(), s.TakeFunc.Name(), s.State, s.State, s.State, table, col, col, s.State),
		})
	}
}

// takenBack reports whether some statement of the module, in any package,
// may take jobs in a state back: a reclaim joined here from a scan's and a
// reset's halves (see queuemodel.SplitReclaims), an UPDATE of the table
// whose filter admits the state and that writes the state column to
// anything else, or (its state filter bound from Go) compares a column
// with the clock or a bound time, or a SELECT of jobs in that state by
// such a comparison, a scan of stuck jobs whose reset may be out of sight
// (the store's UpdateStatus again, given a runnable state).
func takenBack(m *queuemodel.Model, table, col, state string) bool {
	for _, r := range m.SplitReclaims() {
		if queuemodel.TableName(r.Reset.Table) == queuemodel.TableName(table) {
			return true
		}
	}
	stmts := m.ModuleStatements()
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			stmts = append(stmts, st.Stmt)
		}
	}
	found := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if found || queuemodel.TableName(s.Table) != queuemodel.TableName(table) {
				return
			}
			states, filtered := sqlcheck.FilterStates(s.Where, col)
			switch s.Kind {
			case sqlcheck.KindUpdate:
				v, writes := s.Assigns(col)
				moves := writes && (v.Kind != sqlcheck.ValueConst || v.Str != state)
				found = moves && (filtered && states.Admits(state) || !filtered && comparesTime(s.Where, col))
			case sqlcheck.KindSelect:
				found = filtered && !states.Not && states.Admits(state) && comparesTime(s.Where, col)
			}
		})
		if found {
			return true
		}
	}
	return false
}

// comparesTime reports whether a WHERE compares a column other than the
// state column with the clock or a bound value by an order (updated_at <
// now() - interval '10 minutes', heartbeat_at < $1): rows are picked by
// their age.
func comparesTime(where []sqlcheck.Pred, col string) bool {
	for _, p := range where {
		for _, b := range p.Branches {
			if comparesTime(b, col) {
				return true
			}
		}
		if p.Column == "" || p.Column == col || p.Op != sqlcheck.OpLt && p.Op != sqlcheck.OpLe && p.Op != sqlcheck.OpGt && p.Op != sqlcheck.OpGe {
			continue
		}
		for _, v := range p.Values {
			if v.Kind == sqlcheck.ValueNow || v.Kind == sqlcheck.ValueParam {
				return true
			}
		}
		if timeExpr.MatchString(p.Text) {
			return true
		}
	}
	return false
}
