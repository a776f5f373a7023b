package bookkeeping

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

const msgUncommitted = "this returns before Commit, after the completion was written in the transaction that holds the claim\nthe transaction rolls back, " +
	"the completion with it, and the finished job runs again; commit on every path after the handler succeeded, and return only when the completion or the commit fails"

// checkTxCompletions reports returns that leave a transaction holding a
// claim and its completion without committing it: a completion lost after
// the work was done.
func checkTxCompletions(pass *analysis.Pass, m *queuemodel.Model, report func(token.Pos, string)) {
	root := m.Inspector().Root()
	for _, c := range m.Calls {
		if c.Receiver != queuemodel.RecvTx || c.Func == nil || !hasRole(c, queuemodel.RoleComplete) {
			continue
		}
		tx := receiverObj(pass, c.Expr)
		if tx == nil || !claimsIn(pass, m, c, tx) {
			continue
		}
		commit := commitAfter(pass, c, tx)
		if commit == nil {
			continue // committed elsewhere, or by pgx.BeginFunc: not for this rule to follow
		}
		fn, ok := root.FindNode(c.Func)
		if !ok {
			continue
		}
		for r := range fn.Preorder((*ast.ReturnStmt)(nil), (*ast.FuncLit)(nil)) {
			ret, ok := r.Node().(*ast.ReturnStmt)
			if !ok || ret.Pos() < c.Expr.End() || ret.End() > commit.Pos() || insideLit(r, fn) || onTxError(pass, r, c.Expr, tx) {
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

// receiverObj returns the variable a method is called on: tx in tx.Exec(...).
func receiverObj(pass *analysis.Pass, call *ast.CallExpr) types.Object {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	return pass.TypesInfo.Uses[id]
}

// claimsIn reports whether the function of a completion claims, earlier,
// on the same transaction.
func claimsIn(pass *analysis.Pass, m *queuemodel.Model, completion *queuemodel.Call, tx types.Object) bool {
	for _, c := range m.Calls {
		if c.Func == completion.Func && c.Pos() < completion.Pos() && hasRole(c, queuemodel.RoleClaim) && receiverObj(pass, c.Expr) == tx {
			return true
		}
	}
	return false
}

// commitAfter returns the tx.Commit call after a completion in its function.
func commitAfter(pass *analysis.Pass, c *queuemodel.Call, tx types.Object) *ast.CallExpr {
	var commit *ast.CallExpr
	ast.Inspect(c.Func, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || commit != nil || call.Pos() < c.Expr.End() {
			return commit == nil
		}
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Commit" && receiverObj(pass, call) == tx {
			commit = call
		}
		return commit == nil
	})
	return commit
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
func onTxError(pass *analysis.Pass, r inspector.Cursor, completion *ast.CallExpr, tx types.Object) bool {
	var onTx func(e ast.Expr) bool
	onTx = func(e ast.Expr) bool { // tx.Exec(...), or tx.QueryRow(...).Scan(...)
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || call.Pos() < completion.Pos() {
			return false
		}
		if receiverObj(pass, call) == tx {
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
