package claimrace

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Claims whose serialisation is at their callers (see queuemodel.Deferred):
// a sqlc method whose claim takes no row lock is safe when every caller
// runs it after a transaction-scoped advisory lock, taken (and, for
// pg_try_, checked) on the same transaction and keyed on what the claim
// picks by. Its package hands the finding on (queuemodel.Pending[handedOn]);
// each package that calls the method judges its calls, seeing the locks it
// takes directly or through functions of the module that take one (Locks).

// handedOn is claimrace's own instance of queuemodel.Pending.
type handedOn struct{}

// Locks is the fact that a function takes a transaction-scoped advisory
// lock on the database value its caller gives it (see queuemodel.Deferred.DB).
// A pg_try_ lock is held only when the result the function returns
// (Result, the index of a bool result) says so.
type Locks struct {
	DB     int
	Try    bool
	Result int
}

func (*Locks) AFact() {}

func (l *Locks) String() string {
	if l.Try {
		return fmt.Sprintf("tries an xact lock on %d (result %d)", l.DB, l.Result)
	}
	return fmt.Sprintf("takes an xact lock on %d", l.DB)
}

// exportLocks exports the package's transaction-scoped advisory locks
// taken on a database value its callers choose.
func (r *runner) exportLocks() {
	for _, c := range r.m.Calls {
		lock := xactLock.FindStringSubmatch(c.SQL)
		if !c.Known || lock == nil {
			continue
		}
		fn, db, ok := r.m.DeferredTo(r.pass, c)
		if !ok {
			continue
		}
		l := &Locks{DB: db, Try: lock[1] != "", Result: -1}
		if l.Try {
			if l.Result = boolResult(fn); l.Result < 0 {
				continue // the caller cannot tell whether it got the lock
			}
		}
		for _, f := range append([]*types.Func{fn}, queuemodel.InterfaceMethods(r.pass, fn)...) {
			r.pass.ExportObjectFact(f, l)
		}
	}
}

// boolResult returns the index of a function's only bool result, or -1.
func boolResult(fn *types.Func) int {
	res := fn.Type().(*types.Signature).Results()
	idx := -1
	for i := 0; i < res.Len(); i++ {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			if idx >= 0 {
				return -1
			}
			idx = i
		}
	}
	return idx
}

// judgeCall reports a call of a function with a pending claim that
// nothing before it serialises.
func (r *runner) judgeCall(call *ast.CallExpr, d queuemodel.Deferred) {
	db := queuemodel.DBValue(call, d.DB)
	if db == nil {
		return
	}
	what := "with no advisory lock taken before it"
	why := "nothing before it takes a transaction-scoped advisory lock on " + types.ExprString(db) + " keyed on what the claim picks by"
	if lock := r.lockBefore(call, db); lock != nil {
		if queuemodel.ValueReceiver(r.pass, db).Autocommit() {
			what = "with an advisory lock released at once"
			why = "the advisory lock taken before it is released at once: " + types.ExprString(db) + " is not a transaction"
		} else {
			return // serialised: one claimer at a time, until the claim commits
		}
	}
	// The claim's own message is a clause and its detail: here both are
	// the detail.
	r.pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Message: fmt.Sprintf("this call runs the claim of %s (%s) %s\n%s: %s",
			d.Func, d.At, what, why, strings.Replace(d.Message, "\n", ": ", 1)),
		Related: []analysis.RelatedInformation{{Pos: r.m.RelatedPos(d), Message: "the claim, in " + d.Func}},
	})
}

// lockBefore returns the call, before call in its function and in a block
// that holds it, that takes a transaction-scoped advisory lock on the same
// database value, keyed on a value the call passes (or on a constant),
// and, for a pg_try_ lock, whose result guards the call.
func (r *runner) lockBefore(call *ast.CallExpr, db ast.Expr) ast.Node {
	fn, _ := queuemodel.EnclosingFunc(r.pass, call.Pos())
	if fn == nil {
		return nil
	}
	want := r.valueKey(fn, db)
	picks := r.keys(call.Args, db)
	var found ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if lit, ok := n.(*ast.FuncLit); ok && ast.Node(lit) != fn {
			return false // a closure runs when it is called, not here
		}
		lc, ok := n.(*ast.CallExpr)
		if !ok || lc.End() > call.Pos() {
			return true
		}
		on, args, result, try, ok := r.lockCall(lc)
		if !ok || !sameValue(r.valueKey(fn, on), want) || !encloses(fn, lc, call) || !keyed(r.pass, args, on, picks) {
			return true
		}
		if try && !guards(r.pass, fn, result, lc, call) {
			return true
		}
		found = lc
		return false
	})
	return found
}

// lockCall recognises a call that takes a transaction-scoped advisory lock:
// SQL run directly (tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", key)),
// or a function with the Locks fact. It returns the database value, the
// key arguments, and for pg_try_ the variable that holds the result.
func (r *runner) lockCall(lc *ast.CallExpr) (on ast.Expr, args []ast.Expr, result types.Object, try, ok bool) {
	for _, c := range r.m.Calls {
		if c.Expr != lc || !c.Known {
			continue
		}
		lock := xactLock.FindStringSubmatch(c.SQL)
		sel, isSel := ast.Unparen(lc.Fun).(*ast.SelectorExpr)
		if lock == nil || !isSel {
			return nil, nil, nil, false, false
		}
		var v types.Object
		if len(c.ScanArgs) == 1 {
			if addr, ok := ast.Unparen(c.ScanArgs[0]).(*ast.UnaryExpr); ok && addr.Op == token.AND {
				v = identObj(r.pass, addr.X)
			}
		}
		return sel.X, c.Args, v, lock[1] != "", true
	}
	fn := queuemodel.Callee(r.pass, lc)
	if fn == nil {
		return nil, nil, nil, false, false
	}
	var l Locks
	if !r.pass.ImportObjectFact(fn, &l) {
		return nil, nil, nil, false, false
	}
	on = queuemodel.DBValue(lc, l.DB)
	if on == nil {
		return nil, nil, nil, false, false
	}
	if l.Try {
		result = resultVar(r.pass, lc, l.Result)
	}
	return on, lc.Args, result, l.Try, true
}

// resultVar returns the variable a call's i-th result is assigned to:
// acquired in acquired, err := q.TryLock(ctx, tx, key).
func resultVar(pass *analysis.Pass, call *ast.CallExpr, i int) types.Object {
	fn, path := queuemodel.EnclosingFunc(pass, call.Pos())
	if fn == nil {
		return nil
	}
	for _, n := range path {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		if len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == ast.Expr(call) && 0 <= i && i < len(as.Lhs) {
			return identObj(pass, as.Lhs[i])
		}
		break
	}
	return nil
}

// valueKey names a database value so that two calls on it compare equal:
// the value a wrapper was made from (tx in q.WithTx(tx), in a variable
// qtx assigned it once), as a variable or a field path (jq.q).
func (r *runner) valueKey(fn ast.Node, e ast.Expr) string {
	for range 4 {
		e = ast.Unparen(e)
		switch x := e.(type) {
		case *ast.CallExpr:
			if len(x.Args) != 1 {
				return ""
			}
			e = x.Args[0]
			continue
		case *ast.Ident:
			v, ok := r.pass.TypesInfo.Uses[x].(*types.Var)
			if !ok {
				return ""
			}
			if vals := assigned(r.pass, fn, v); len(vals) == 1 {
				if made, isCall := ast.Unparen(vals[0]).(*ast.CallExpr); isCall && len(made.Args) == 1 {
					e = made
					continue
				}
			}
		}
		return chain(r.pass, e)
	}
	return ""
}

// sameValue reports whether two database values named by valueKey may be
// one: the same name, or a value the rule cannot name (s.tx()), which it
// does not tell apart from the other.
func sameValue(a, b string) bool { return a == "" || b == "" || a == b }

// assigned returns the values fn assigns to v with one value per name.
func assigned(pass *analysis.Pass, fn ast.Node, v *types.Var) []ast.Expr {
	var vals []ast.Expr
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
				if len(as.Lhs) != len(as.Rhs) {
					vals = append(vals, nil, nil) // one of several results
					continue
				}
				vals = append(vals, as.Rhs[i])
			}
		}
		return true
	})
	return vals
}

// chain names a variable or a path of fields from one (jq.queueName,
// strategy.ParentStrategyID.Int64) by the variable's identity; "" for any
// other expression.
func chain(pass *analysis.Pass, e ast.Expr) string {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[x].(*types.Var)
		if !ok {
			return ""
		}
		return fmt.Sprintf("%p", v)
	case *ast.SelectorExpr:
		if _, field := pass.TypesInfo.Uses[x.Sel].(*types.Var); !field {
			return ""
		}
		if root := chain(pass, x.X); root != "" {
			return root + "." + x.Sel.Name
		}
	}
	return ""
}

// keys returns the values a call passes (variables and field paths, in its
// arguments and the fields of struct literals it passes), leaving out the
// database value and contexts.
func (r *runner) keys(args []ast.Expr, db ast.Expr) map[string]bool {
	out := map[string]bool{}
	for _, a := range args {
		if a == db {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			if k := chain(r.pass, e); k != "" {
				if keyType(r.pass.TypesInfo.TypeOf(e)) {
					out[k] = true
				}
				return false
			}
			return true
		})
	}
	return out
}

// keyType reports whether a value of type t can key a lock or a poll:
// not a context, a database handle or a pointer.
func keyType(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Interface, *types.Pointer, *types.Signature, *types.Chan, *types.Map:
		return false
	}
	return t != nil
}

// keyed reports whether a lock call's key is a constant, or a value the
// claim's call passes too.
func keyed(pass *analysis.Pass, args []ast.Expr, on ast.Expr, picks map[string]bool) bool {
	constant, any := true, false
	for _, a := range args {
		if a == on || !keyType(pass.TypesInfo.TypeOf(a)) {
			continue
		}
		any = true
		if pass.TypesInfo.Types[a].Value == nil {
			constant = false
		}
		hit := false
		ast.Inspect(a, func(n ast.Node) bool {
			e, ok := n.(ast.Expr)
			if !ok || hit {
				return !hit
			}
			if k := chain(pass, e); k != "" {
				hit = picks[k]
				return false
			}
			return true
		})
		if hit {
			return true
		}
	}
	return any && constant
}

// encloses reports whether the block that holds the lock call (the
// function's body, or a block inside it) also holds the claim's call: the
// lock is taken on every path to it.
func encloses(fn ast.Node, lock, call *ast.CallExpr) bool {
	var block ast.Node
	ast.Inspect(fn, func(n ast.Node) bool {
		if n == nil || n.Pos() > lock.Pos() || n.End() < lock.End() {
			return n == nil
		}
		switch n.(type) {
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			block = n
		case *ast.FuncLit:
			return n == fn
		}
		return true
	})
	return block != nil && block.Pos() <= call.Pos() && call.End() <= block.End()
}

// guards reports whether a pg_try_ lock's result v guards the claim's
// call: the call sits in the body of if v { ... } (or if v && ...), or
// follows if !v { return } (or if err != nil || !v { return }).
func guards(pass *analysis.Pass, fn ast.Node, v types.Object, lock, call *ast.CallExpr) bool {
	if v == nil {
		return false
	}
	ok := false
	ast.Inspect(fn, func(n ast.Node) bool {
		ifs, isIf := n.(*ast.IfStmt)
		if !isIf || ok || ifs.End() < lock.End() {
			return !ok
		}
		switch {
		case ifs.Body.Pos() <= call.Pos() && call.End() <= ifs.Body.End() && asserts(pass, ifs.Cond, v):
			ok = true
		case ifs.End() <= call.Pos() && denies(pass, ifs.Cond, v) && leaves(ifs.Body):
			ok = true
		}
		return !ok
	})
	return ok
}

// asserts reports whether cond holds only when v is true.
func asserts(pass *analysis.Pass, cond ast.Expr, v types.Object) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.Ident:
		return pass.TypesInfo.Uses[c] == v
	case *ast.BinaryExpr:
		return c.Op == token.LAND && (asserts(pass, c.X, v) || asserts(pass, c.Y, v))
	}
	return false
}

// denies reports whether cond holds whenever v is false.
func denies(pass *analysis.Pass, cond ast.Expr, v types.Object) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		return c.Op == token.NOT && asserts(pass, c.X, v)
	case *ast.BinaryExpr:
		return c.Op == token.LOR && (denies(pass, c.X, v) || denies(pass, c.Y, v))
	}
	return false
}

// leaves reports whether a block ends by leaving: return, break, continue,
// goto, or a panic.
func leaves(b *ast.BlockStmt) bool {
	if len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		if call, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}
