package txenqueue

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A transaction is the open span of one transaction in a function: from
// its Begin to its Commit, or the body of the function that
// pgx.BeginFunc runs in it.
type transaction struct {
	name       string       // the variable, as the code names it
	obj        types.Object // the variable
	begin      token.Pos
	start, end token.Pos // the open span
	body       ast.Node  // the function (or function literal) that holds the span
}

// holds reports whether pos is in the transaction's open span.
func (tx *transaction) holds(pos token.Pos) bool { return tx.start <= pos && pos < tx.end }

// runs reports whether a call runs on this transaction: its receiver is
// the transaction's variable, or the call passes its SQL through a helper
// (whose receiver the tool does not follow) inside the span.
func (tx *transaction) runs(pass *analysis.Pass, c *queuemodel.Call) bool {
	if c.Via != nil {
		return true
	}
	sel, ok := ast.Unparen(c.Expr.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	return ok && pass.TypesInfo.Uses[id] == tx.obj
}

// transactions finds the transactions of the package's functions: tx, err
// := x.Begin(ctx) (BeginTx, Beginx, BeginTxx) up to the first tx.Commit
// after it, and the function literals passed to pgx.BeginFunc and
// pgx.BeginTxFunc. A transaction with no Commit in its function is left
// out: where it ends is not for the tool to guess.
func transactions(pass *analysis.Pass, m *queuemodel.Model) []*transaction {
	var out []*transaction
	for cur := range m.Inspector().Root().Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var body *ast.BlockStmt
		switch fn := cur.Node().(type) {
		case *ast.FuncDecl:
			body = fn.Body
		case *ast.FuncLit:
			body = fn.Body
		}
		if body == nil {
			continue
		}
		out = append(out, begun(pass, cur.Node(), body)...)
	}
	for cur := range m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		if tx := beginFunc(pass, cur.Node().(*ast.CallExpr)); tx != nil {
			out = append(out, tx)
		}
	}
	return out
}

// begun returns the transactions begun and committed in one function
// body, not counting those of function literals inside it.
func begun(pass *analysis.Pass, fn ast.Node, body *ast.BlockStmt) []*transaction {
	var out []*transaction
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) != 1 || len(n.Lhs) == 0 {
				return true
			}
			call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
			if !ok || !isBegin(call) {
				return true
			}
			id, ok := n.Lhs[0].(*ast.Ident)
			if !ok {
				return true
			}
			obj := pass.TypesInfo.ObjectOf(id)
			if obj == nil {
				return true
			}
			if commit := commitOf(pass, body, obj, n.End()); commit.IsValid() {
				out = append(out, &transaction{name: id.Name, obj: obj, begin: call.Pos(), start: n.End(), end: commit, body: fn})
			}
		}
		return true
	})
	return out
}

func isBegin(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch sel.Sel.Name {
	case "Begin", "BeginTx", "Beginx", "BeginTxx", "MustBegin", "MustBeginTx":
		return true
	}
	return false
}

// commitOf returns the position of the first tx.Commit call after pos in
// body, or NoPos.
func commitOf(pass *analysis.Pass, body *ast.BlockStmt, tx types.Object, after token.Pos) token.Pos {
	commit := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || commit.IsValid() || call.Pos() < after {
			return !commit.IsValid()
		}
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Commit" {
			return true
		}
		if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == tx {
			commit = call.Pos()
		}
		return true
	})
	return commit
}

// beginFunc returns the transaction of pgx.BeginFunc(ctx, db, func(tx
// pgx.Tx) error {...}) (or BeginTxFunc): the literal's body.
func beginFunc(pass *analysis.Pass, call *ast.CallExpr) *transaction {
	fn := typeutilCallee(pass, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "github.com/jackc/pgx/v5" ||
		(fn.Name() != "BeginFunc" && fn.Name() != "BeginTxFunc") || len(call.Args) == 0 {
		return nil
	}
	lit, ok := ast.Unparen(call.Args[len(call.Args)-1]).(*ast.FuncLit)
	if !ok || lit.Type.Params == nil || len(lit.Type.Params.List) != 1 || len(lit.Type.Params.List[0].Names) != 1 {
		return nil
	}
	id := lit.Type.Params.List[0].Names[0]
	obj := pass.TypesInfo.ObjectOf(id)
	if obj == nil {
		return nil
	}
	return &transaction{name: id.Name, obj: obj, begin: call.Pos(), start: lit.Body.Lbrace, end: lit.Body.Rbrace, body: lit}
}

func typeutilCallee(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	default:
		return nil
	}
	fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}

// A client is a queue library's enqueue that takes no transaction.
type client struct{ how, fix string }

// clientEnqueue returns the queue client enqueue a call makes, or nil:
// River's Insert and InsertMany (not InsertTx), gue's Enqueue and
// EnqueueBatch (not EnqueueTx), neoq's Enqueue (neoq has no
// transactional one).
func clientEnqueue(pass *analysis.Pass, call *ast.CallExpr) *client {
	fn := typeutilCallee(pass, call)
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
