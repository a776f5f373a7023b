package txenqueue

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A transaction is one transaction the package begins, as the rule names
// it: tx, err := x.Begin(ctx) (BeginTx, Beginx, BeginTxx, s.tx held in a
// field) or the function pgx.BeginFunc and pgx.BeginTxFunc run in one.
type transaction struct {
	*effects.Tx
	name string // the variable (or field), as the code names it
	// committed says when it has committed: tx.Commit succeeds.
	committed string
	begin     token.Pos // the Begin call
	body      ast.Node  // the function (or function literal) it is open in
}

// open reports whether a call of the package runs while the transaction
// is open (begun on every path to it, ended on none).
func (tx *transaction) open(e *effects.Effects, call *ast.CallExpr) bool {
	at := e.Call(call)
	return at != nil && tx.OpenAt(at)
}

// ctxParamName returns the name of a function literal's context
// parameter, or "".
func ctxParamName(lit *ast.FuncLit) string {
	if lit == nil {
		return ""
	}
	for _, f := range lit.Type.Params.List {
		if sel, ok := f.Type.(*ast.SelectorExpr); ok && sel.Sel.Name == "Context" && len(f.Names) > 0 {
			return f.Names[0].Name
		}
	}
	return ""
}

// carried reports whether a call runs on a value a context carries (a
// transaction a helper stores in it, taken out again by the query).
func carried(e *effects.Effects, c *queuemodel.Call) bool {
	return effects.HandleOf(e.Call(c.Expr)).CtxCarried()
}

// runs reports whether a call runs on this transaction: its receiver is
// the transaction, or the call passes its SQL through a helper (whose
// receiver the tool does not follow) while it is open.
func (tx *transaction) runs(e *effects.Effects, c *queuemodel.Call) bool {
	return c.Via != nil || effects.HandleOf(e.Call(c.Expr)).Same(tx.Handle)
}

// transactions returns the transactions of the package's functions. One
// begun with no Commit in its function is left out: where it ends is not
// for the tool to guess.
func transactions(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects) []*transaction {
	var out []*transaction
	for _, t := range e.Transactions() {
		viaFunc := t.Func != t.Begin.Parent() // pgx.BeginFunc's function
		if !viaFunc && len(t.Commits()) == 0 {
			continue
		}
		tx := &transaction{Tx: t, body: t.Func.Syntax()}
		begin, ok := callAt(m, t.Begin)
		if !ok || tx.body == nil {
			continue
		}
		tx.begin = begin.Pos()
		switch {
		case t.Handle.CtxCarried():
			// A helper's function given a context that carries it.
			lit, ok := tx.body.(*ast.FuncLit)
			name := ctxParamName(lit)
			if !ok || name == "" {
				continue
			}
			helper := types.ExprString(begin.Fun)
			tx.name = name + " (from " + helper + ")"
			tx.committed = helper + " returns nil"
		case viaFunc:
			lit, ok := tx.body.(*ast.FuncLit)
			if !ok || len(lit.Type.Params.List) == 0 || len(lit.Type.Params.List[0].Names) == 0 {
				continue
			}
			tx.name = lit.Type.Params.List[0].Names[0].Name
		default:
			if tx.name = assignedTo(begin, tx.body); tx.name == "" {
				continue
			}
		}
		if tx.committed == "" {
			tx.committed = tx.name + ".Commit succeeds"
		}
		out = append(out, tx)
	}
	return out
}

// callAt returns the call expression of an SSA call of the package.
func callAt(m *queuemodel.Model, c ssa.CallInstruction) (*ast.CallExpr, bool) {
	for cur := range m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		if call := cur.Node().(*ast.CallExpr); call.Lparen == c.Pos() {
			return call, true
		}
	}
	return nil, false
}

// assignedTo returns how the code names what a Begin call's transaction is
// assigned to (tx, s.tx), when that is the transaction's handle.
func assignedTo(begin *ast.CallExpr, body ast.Node) string {
	name := ""
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || name != "" {
			return name == ""
		}
		if len(as.Rhs) == 1 && len(as.Lhs) > 0 && ast.Unparen(as.Rhs[0]) == ast.Expr(begin) {
			name = types.ExprString(as.Lhs[0])
		}
		return name == ""
	})
	return name
}

// A client is a queue library's enqueue that takes no transaction.
type client struct{ how, fix string }

// clientEnqueue returns the queue client enqueue a call makes, or nil:
// River's Insert and InsertMany (not InsertTx), gue's Enqueue and
// EnqueueBatch (not EnqueueTx), neoq's Enqueue (neoq has no
// transactional one).
func clientEnqueue(pass *analysis.Pass, call *ast.CallExpr) *client {
	fn := queuemodel.Callee(pass, call)
	if fn == nil || fn.Pkg() == nil || fn.Signature().Recv() == nil {
		return nil
	}
	path := fn.Pkg().Path()
	switch {
	case path == "github.com/riverqueue/river":
		switch fn.Name() {
		case "Insert", "InsertMany", "InsertManyFast":
			return &client{how: "River's " + fn.Name(), fix: "call " + fn.Name() + "Tx with the transaction"}
		}
	case path == "github.com/vgarvardt/gue" || strings.HasPrefix(path, "github.com/vgarvardt/gue/v"):
		switch fn.Name() {
		case "Enqueue", "EnqueueBatch":
			return &client{how: "gue's " + fn.Name(), fix: "call " + fn.Name() + "Tx with the transaction"}
		}
	case path == "github.com/acaloiaro/neoq":
		if fn.Name() == "Enqueue" {
			return &client{how: "neoq's Enqueue", fix: "write an outbox row in the transaction and enqueue from it after the commit (neoq's Enqueue takes no transaction)"}
		}
	}
	return nil
}
