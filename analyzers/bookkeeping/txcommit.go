package bookkeeping

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

const msgUncommitted = "this returns before Commit, after the completion was written in the transaction that holds the claim\nthe transaction rolls back, " +
	"the completion with it, and the finished job runs again; commit on every path after the handler succeeded, and return only when the completion or the commit fails"

// checkTxCompletions reports returns that leave a transaction holding a
// claim and its completion without committing it: a completion lost after
// the work was done.
func checkTxCompletions(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects, report func(token.Pos, string)) {
	root := m.Inspector().Root()
	for _, c := range m.Calls {
		if c.Receiver != queuemodel.RecvTx || c.Func == nil || !hasRole(c, queuemodel.RoleComplete) {
			continue
		}
		at := e.Call(c.Expr)
		tx := e.TxOf(at)
		if tx == nil || !claimsIn(e, m, at, tx) {
			continue
		}
		commits := tx.Commits()
		if len(commits) == 0 {
			continue // committed elsewhere, or by pgx.BeginFunc: not for this rule to follow
		}
		avoid := make([]ssa.Instruction, len(commits))
		for i, c := range commits {
			avoid[i] = c
		}
		uncommitted := map[token.Pos]bool{} // the returns the completion reaches with no Commit on the way
		onOutcome := map[token.Pos]bool{}   // ... and takes only on a failure or a no-op of the transaction's statements
		for _, b := range at.Parent().Blocks {
			for _, instr := range b.Instrs {
				if r, ok := instr.(*ssa.Return); ok && r.Pos().IsValid() && effects.Reaches(at, r, avoid) {
					excused := returnsOnTxOutcome(at, tx, r)
					if !uncommitted[r.Pos()] {
						onOutcome[r.Pos()] = excused
					} else {
						onOutcome[r.Pos()] = onOutcome[r.Pos()] && excused
					}
					uncommitted[r.Pos()] = true
				}
			}
		}
		fn, ok := root.FindNode(c.Func)
		if !ok {
			continue
		}
		for r := range fn.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
			ret, ok := r.Node().(*ast.ReturnStmt)
			if !ok || !uncommitted[ret.Return] || insideLit(r, fn) || onOutcome[ret.Return] || onTxError(pass, e, r, c.Expr, tx) {
				continue
			}
			report(ret.Pos(), msgUncommitted)
		}
	}
}

func hasRole(c *queuemodel.Call, role queuemodel.Role) bool {
	for _, st := range c.Stmts {
		if st.Role == role {
			return true
		}
	}
	return false
}

// claimsIn reports whether a claim runs before a completion, on every
// path, in the same open transaction.
func claimsIn(e *effects.Effects, m *queuemodel.Model, completion ssa.Instruction, tx *effects.Tx) bool {
	for _, c := range m.Calls {
		if !hasRole(c, queuemodel.RoleClaim) {
			continue
		}
		if claim := e.Call(c.Expr); claim != nil && e.TxOf(claim) == tx && effects.Before(claim, completion) {
			return true
		}
	}
	return false
}

func insideLit(r, fn inspector.Cursor) bool {
	for lit := range r.Enclosing((*ast.FuncLit)(nil)) {
		return lit != fn
	}
	return false
}

// onTxError reports whether a return handles the error of a statement run
// on the transaction from the completion on: inside `if err :=
// tx.Exec(...); err != nil`, or an if on the error such a call was just
// assigned to. PostgreSQL aborts a transaction at its first failed
// statement and rolls back its COMMIT, so the completion is lost whatever
// the code does next: returning is right there.
func onTxError(pass *analysis.Pass, e *effects.Effects, r inspector.Cursor, completion *ast.CallExpr, tx *effects.Tx) bool {
	var onTx func(x ast.Expr) bool
	onTx = func(x ast.Expr) bool { // tx.Exec(...), or tx.QueryRow(...).Scan(...)
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || call.Pos() < completion.Pos() {
			return false
		}
		if effects.HandleOf(e.Call(call)).Same(tx.Handle) {
			return true
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		return ok && onTx(sel.X)
	}
	for c := range r.Enclosing((*ast.IfStmt)(nil)) {
		ifs := c.Node().(*ast.IfStmt)
		if as, ok := ifs.Init.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && onTx(as.Rhs[0]) {
			return true
		}
		errObj := nilCheck(pass, ifs.Cond)
		if errObj == nil {
			continue
		}
		if prev, ok := c.PrevSibling(); ok {
			if as, ok := prev.Node().(*ast.AssignStmt); ok && len(as.Rhs) == 1 && onTx(as.Rhs[0]) {
				for _, l := range as.Lhs {
					if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == errObj {
						return true
					}
				}
			}
		}
	}
	return false
}
