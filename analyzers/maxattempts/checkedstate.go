package maxattempts

import (
	"go/ast"
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// checkedEnded reports whether a retry runs only where the job's row, read
// back by the same function, is in a state where jobs end: SELECT status
// FROM jobs WHERE id = $1, Scan(&status), if status != "failed" { return
// nil }, then UPDATE jobs SET status = 'queued', attempts = 0 WHERE id =
// $1. It is redrive's filter written in Go: an operator's replay of a job
// that ended, which asks for a fresh count. The state is one no poll takes
// again and no claim writes (see QueueTable.Retaken); a retry that goes on
// where the row is in a state a poll does take ('failed' polled with
// attempts left) is judged as any other. The branch must decide, on
// SSA, that the retry runs only on the side where the value read from the
// state column equals that constant; a value read into a field, or from
// another function, is not followed.
func checkedEnded(pass *analysis.Pass, m *queuemodel.Model, e *judge, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	if qt.StateColumn == "" || r.Call.Func == nil {
		return false
	}
	vars := stateVars(pass, m, qt, r)
	if len(vars) == 0 {
		return false
	}
	call := e.Call(r.Call.Expr)
	if call == nil || call.Block() == nil {
		return false
	}
	for _, b := range call.Parent().Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
			continue
		}
		state, ok := comparedState(bin, vars)
		if !ok || !endState(qt, state) {
			continue
		}
		if when, ok := effects.DecidedBy(call, bin); ok && when == (bin.Op == token.EQL) {
			return true
		}
	}
	return false
}

// stateVars returns the positions of the local variables that a SELECT of
// the table, in the retry's function, scans its state column into
// (Scan(&status, ...), the column at the same place in its outputs).
func stateVars(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable, r *queuemodel.Statement) map[token.Pos]bool {
	vars := map[token.Pos]bool{}
	for _, c := range m.Calls {
		if c.Func != r.Call.Func {
			continue
		}
		for _, st := range c.Stmts {
			if st.Kind != sqlcheck.KindSelect || st.Table != qt.Name {
				continue
			}
			for i, o := range st.Outputs {
				if o.Column != qt.StateColumn || i >= len(c.ScanArgs) {
					continue
				}
				u, ok := ast.Unparen(c.ScanArgs[i]).(*ast.UnaryExpr)
				if !ok || u.Op != token.AND {
					continue
				}
				id, ok := ast.Unparen(u.X).(*ast.Ident)
				if !ok {
					continue
				}
				if obj := pass.TypesInfo.Uses[id]; obj != nil {
					vars[obj.Pos()] = true
				}
			}
		}
	}
	return vars
}

// comparedState returns the string constant a comparison holds against
// the value of one of vars.
func comparedState(bin *ssa.BinOp, vars map[token.Pos]bool) (string, bool) {
	for _, pair := range [][2]ssa.Value{{bin.X, bin.Y}, {bin.Y, bin.X}} {
		c, ok := pair[1].(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String {
			continue
		}
		load, ok := pair[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		if a, ok := load.X.(*ssa.Alloc); ok && vars[a.Pos()] {
			return constant.StringVal(c.Value), true
		}
	}
	return "", false
}

// endState reports whether v is a state of the table where jobs stay: one
// a statement of the table writes to its state column, that no poll takes
// again and no claim writes.
func endState(qt *queuemodel.QueueTable, v string) bool {
	if v == "" || v == sqlcheck.StateNull || v == sqlcheck.StateNotNull || qt.Retaken(v) || slices.Contains(qt.Claimed, v) {
		return false
	}
	if slices.Contains(qt.Runnable, v) {
		return true // created in it, and every poll skips it
	}
	for _, st := range qt.Statements {
		if a, ok := st.Assigns(qt.StateColumn); ok && (a.Kind == sqlcheck.ValueConst && a.Str == v || slices.Contains(a.Cases, v)) {
			return true
		}
	}
	return false
}
