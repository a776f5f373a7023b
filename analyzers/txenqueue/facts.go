package txenqueue

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Writes is the fact that a function inserts into, updates or deletes from
// tables on a receiver its caller chooses: an interface field (sqlc's
// Queries.db, a DBTX) or a transaction it is given. A call of it on a value
// made from the caller's transaction (q.WithTx(tx), db.New(tx)), or with
// the transaction as an argument, writes those tables in the transaction.
type Writes struct {
	Tables  []string // qualified, sorted
	Inserts []string // the tables among them it inserts into
}

func (*Writes) AFact() {}

func (w *Writes) String() string { return "writes(" + strings.Join(w.Tables, ", ") + ")" }

// exportWrites exports the Writes fact of the package's functions.
func exportWrites(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects) {
	tables, inserts := map[*types.Func][]string{}, map[*types.Func][]string{}
	for _, c := range m.Calls {
		if c.Decl == nil || c.Func != c.Decl || c.Via != nil || (c.Receiver != queuemodel.RecvUnknown && c.Receiver != queuemodel.RecvTx) {
			continue
		}
		fn, ok := pass.TypesInfo.Defs[c.Decl.Name].(*types.Func)
		if !ok || !onCallersReceiver(pass, fn, c.Expr) {
			continue
		}
		if tx := e.TxOf(e.Call(c.Expr)); tx != nil && tx.Begin != nil {
			continue // a transaction fn begins itself, held in a field of its receiver (s.tx)
		}
		for _, st := range c.Stmts {
			if isWrite(st.Stmt) && !slices.Contains(tables[fn], st.Table) {
				tables[fn] = append(tables[fn], st.Table)
				if st.Kind == sqlcheck.KindInsert {
					inserts[fn] = append(inserts[fn], st.Table)
				}
			}
		}
	}
	for fn, ts := range tables {
		slices.Sort(ts)
		slices.Sort(inserts[fn])
		pass.ExportObjectFact(fn, &Writes{Tables: ts, Inserts: inserts[fn]})
	}
}

// EnqueuesOnPool is the fact that a function, callable from other
// packages, inserts jobs into queue tables on a pool it holds itself (a
// *sql.DB field of its receiver, a package variable): called while a
// caller's transaction is open, the job commits before that transaction.
type EnqueuesOnPool struct {
	Tables []string // qualified, sorted
}

func (*EnqueuesOnPool) AFact() {}

func (e *EnqueuesOnPool) String() string {
	return "enqueues on a pool(" + strings.Join(e.Tables, ", ") + ")"
}

// exportEnqueuesOnPool exports the EnqueuesOnPool fact of the package's
// exported functions whose own body enqueues on a pool.
func exportEnqueuesOnPool(pass *analysis.Pass, m *queuemodel.Model) {
	tables := map[*types.Func][]string{}
	for _, c := range m.Calls {
		if c.Decl == nil || c.Func != c.Decl || c.Receiver != queuemodel.RecvPool || !c.Decl.Name.IsExported() {
			continue
		}
		fn, ok := pass.TypesInfo.Defs[c.Decl.Name].(*types.Func)
		if !ok || !ownPool(pass, fn, c.Expr) {
			continue
		}
		for _, st := range c.Stmts {
			if st.Role == queuemodel.RoleEnqueue && !slices.Contains(tables[fn], st.Table) {
				tables[fn] = append(tables[fn], st.Table)
			}
		}
	}
	for fn, ts := range tables {
		slices.Sort(ts)
		pass.ExportObjectFact(fn, &EnqueuesOnPool{Tables: ts})
	}
}

// ownPool reports whether a call runs on a pool fn holds itself: a field
// of its receiver (c.DB), or a package variable. A pool its caller gives
// it is the caller's business, judged where the caller has it.
func ownPool(pass *analysis.Pass, fn *types.Func, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[x].(*types.Var)
		return ok && v.Parent() == pass.Pkg.Scope()
	case *ast.SelectorExpr:
		recv, ok := ast.Unparen(x.X).(*ast.Ident)
		return ok && fn.Signature().Recv() != nil && pass.TypesInfo.Uses[recv] == fn.Signature().Recv()
	}
	return false
}

// enqueueOnPool returns the function of another package a call runs, and
// the queue table it enqueues into on a pool of its own; nil when the
// callee has no EnqueuesOnPool fact.
func enqueueOnPool(pass *analysis.Pass, call *ast.CallExpr) (*types.Func, string) {
	fn := queuemodel.Callee(pass, call)
	if fn == nil || fn.Pkg() == pass.Pkg {
		return nil, ""
	}
	var e EnqueuesOnPool
	if !pass.ImportObjectFact(fn.Origin(), &e) || len(e.Tables) == 0 {
		return nil, ""
	}
	return fn, e.Tables[0]
}

// onCallersReceiver reports whether a call's receiver is one the caller of
// fn gives it: a parameter of fn, or a field of fn's receiver (q.db). A
// transaction fn begins itself is its own.
func onCallersReceiver(pass *analysis.Pass, fn *types.Func, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x := ast.Unparen(sel.X)
	for {
		inner, ok := x.(*ast.SelectorExpr)
		if !ok {
			break
		}
		x = ast.Unparen(inner.X)
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	obj := pass.TypesInfo.Uses[id]
	sig := fn.Signature()
	if sig.Recv() != nil && obj == sig.Recv() {
		return true
	}
	for i := 0; i < sig.Params().Len(); i++ {
		if obj == sig.Params().At(i) {
			return true
		}
	}
	return false
}

func isWrite(st *sqlcheck.Stmt) bool {
	switch st.Kind {
	case sqlcheck.KindInsert, sqlcheck.KindUpdate, sqlcheck.KindDelete:
		return st.Table != ""
	}
	return false
}

// writesThrough returns the tables a call writes in the transaction
// through a function with the Writes fact: called on a value made from
// the transaction (q.WithTx(tx), New(tx)), or given the transaction.
func writesThrough(pass *analysis.Pass, e *effects.Effects, tx *transaction, call *ast.CallExpr) []string {
	fn := queuemodel.Callee(pass, call)
	at := e.Call(call)
	if fn == nil || at == nil {
		return nil
	}
	var w Writes
	if !pass.ImportObjectFact(fn, &w) {
		return nil
	}
	for i := range at.Common().Args { // a method's receiver is its first
		if effects.ArgHandle(at, i).Same(tx.Handle) {
			return w.Tables
		}
	}
	return nil
}

// enqueueThrough returns the queue table a call inserts into through a
// function with the Writes fact, called on a value made from a pool
// (db.New(pool)) or given one; "" when there is none.
func enqueueThrough(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects, call *ast.CallExpr) string {
	fn := queuemodel.Callee(pass, call)
	at := e.Call(call)
	if fn == nil || at == nil {
		return ""
	}
	var w Writes
	if !pass.ImportObjectFact(fn, &w) || effects.HandleOf(at).Kind != effects.KindPool {
		return ""
	}
	for _, t := range w.Inserts {
		if m.Tables[t] != nil {
			return t
		}
	}
	return ""
}
