package bookkeeping

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Bookkeeping errors that leave the function that checks them.
//
// A worker often hands a failed write's error on instead of acting on it
// where it is checked: handle(job) returns it, a goroutine sends it on
// errCh, and Start, which runs the claim loop, returns the first error the
// channel delivers. errFlow follows such an error inside the package:
//   - out of a function, by a return of the checked error (wrapped or not)
//     in the branch that checks it, or of the write's call itself;
//   - into a channel, by a send of it there (the channel a variable, a
//     field, or a parameter the package's callers fill with their own
//     channel variable);
//   - out of a channel, by a return of the value a receive delivered: in
//     the body of a range over the channel, in the select case that
//     received it, in a branch that checks it, or `return <-ch`.
//
// Only these shapes count: each returns because the error arrived, so the
// function ends on a failed write. An error variable returned on some other
// path (after the loop, when the context ends) is not followed.
type errFlow struct {
	s       *summary
	decls   map[*types.Func]*ast.FuncDecl
	returns map[*types.Func]callSet // the writes whose error a function returns
	// stops holds those of returns on which the function returns because
	// the write failed (a check's branch, a receive), not as the result of
	// a path it takes anyway (return w.retry(job) on shutdown).
	stops   map[*types.Func]callSet
	sent    map[types.Object]callSet
	aliases map[types.Object][]types.Object // a channel parameter -> the channels its callers pass
}

// A callSet is a set of bookkeeping writes.
type callSet map[*ast.CallExpr]bool

func (c callSet) add(o callSet) bool {
	grew := false
	for k := range o {
		if !c[k] {
			c[k], grew = true, true
		}
	}
	return grew
}

// sorted returns the writes in position order.
func (c callSet) sorted() []*ast.CallExpr {
	return slices.SortedFunc(maps.Keys(c), func(a, b *ast.CallExpr) int { return cmp.Compare(a.Pos(), b.Pos()) })
}

func newErrFlow(s *summary) *errFlow {
	f := &errFlow{s: s, decls: map[*types.Func]*ast.FuncDecl{}, returns: map[*types.Func]callSet{}, stops: map[*types.Func]callSet{}, sent: map[types.Object]callSet{},
		aliases: map[types.Object][]types.Object{}}
	for _, file := range s.pass.Files {
		for _, d := range file.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := s.pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					f.decls[fn] = decl
				}
			}
		}
	}
	f.findAliases()
	// The sets only grow: repeat until none does.
	for f.step() {
	}
	return f
}

// findAliases records, for each channel parameter of the package's
// functions, the channel variables and fields its callers pass.
func (f *errFlow) findAliases() {
	root := f.s.m.Inspector().Root()
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := f.s.callee(call)
		if fn == nil {
			continue
		}
		decl := f.decls[fn.Origin()]
		if decl == nil {
			continue
		}
		var params []types.Object
		for _, field := range decl.Type.Params.List {
			for _, name := range field.Names {
				params = append(params, f.s.pass.TypesInfo.Defs[name])
			}
		}
		for i, arg := range call.Args {
			if i < len(params) && params[i] != nil {
				if ch := f.chanObj(arg); ch != nil {
					f.aliases[params[i]] = append(f.aliases[params[i]], ch)
				}
			}
		}
	}
}

// step runs one pass over the package's error checks and returns, and
// reports whether a set grew.
func (f *errFlow) step() bool {
	grew := false
	root := f.s.m.Inspector().Root()
	for cur := range root.Preorder((*ast.IfStmt)(nil), (*ast.ReturnStmt)(nil)) {
		switch n := cur.Node().(type) {
		case *ast.IfStmt:
			grew = f.checked(cur, n) || grew
		case *ast.ReturnStmt:
			grew = f.received(cur, n) || grew
		}
	}
	return grew
}

// checked follows the error an if checks (if err != nil) to the returns
// and sends of its body.
func (f *errFlow) checked(cur inspector.Cursor, ifs *ast.IfStmt) bool {
	errObj := nilCheck(f.s.pass, ifs.Cond)
	if errObj == nil {
		return false
	}
	body, decl := f.enclosing(cur)
	if body == nil {
		return false
	}
	writes := f.checkOrigins(body, ifs, errObj)
	if len(writes) == 0 {
		return false
	}
	grew := false
	counted := f.s.counted(ifs.Body)
	inspectOwn(ifs.Body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			if decl != nil && slices.ContainsFunc(n.Results, func(r ast.Expr) bool { return f.carries(r, errObj) }) {
				grew = f.returned(decl).add(writes) || grew
				if !counted[n] {
					grew = f.stopped(decl).add(writes) || grew
				}
			}
		case *ast.SendStmt:
			if f.carries(n.Value, errObj) {
				grew = f.send(n.Chan, writes) || grew
			}
		}
	})
	return grew
}

// received follows a return of a value a receive delivered: `return <-ch`,
// or a variable a range over the channel or a select case's receive
// defines around the return; and a return of a call's error as it is
// (return w.finish(job)).
func (f *errFlow) received(cur inspector.Cursor, ret *ast.ReturnStmt) bool {
	body, decl := f.enclosing(cur)
	if body == nil || decl == nil {
		return false
	}
	writes, passed := callSet{}, callSet{}
	for _, r := range ret.Results {
		switch r := ast.Unparen(r).(type) {
		case *ast.UnaryExpr:
			if r.Op == token.ARROW {
				writes.add(f.chanWrites(r.X))
			}
		case *ast.CallExpr:
			// return w.finish(job): the write's error, nil when it
			// succeeds; the function stops on it only if the callee did.
			if f.s.bookkeeping(r) {
				passed[r] = true
			} else if fn := f.s.callee(r); fn != nil {
				passed.add(f.returns[fn.Origin()])
				writes.add(f.stops[fn.Origin()])
				passed.add(f.runnerOrigins(r))
			}
		}
	}
	for c := range cur.Enclosing((*ast.RangeStmt)(nil), (*ast.CommClause)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		if _, lit := c.Node().(*ast.FuncLit); lit {
			break
		}
		if v, ch := f.receivedVar(c.Node()); v != nil && slices.ContainsFunc(ret.Results, func(r ast.Expr) bool { return f.carries(r, v) }) {
			writes.add(f.chanWrites(ch))
		}
	}
	grew := f.returned(decl).add(passed)
	grew = f.returned(decl).add(writes) || grew
	return f.stopped(decl).add(writes) || grew
}

// receivedVar returns the variable a range over a channel or a select
// case's receive defines, and the channel.
func (f *errFlow) receivedVar(n ast.Node) (types.Object, ast.Expr) {
	switch n := n.(type) {
	case *ast.RangeStmt:
		if id, ok := n.Key.(*ast.Ident); ok && isChan(f.s.pass.TypesInfo.TypeOf(n.X)) {
			return f.s.pass.TypesInfo.ObjectOf(id), n.X
		}
	case *ast.CommClause:
		if as, ok := n.Comm.(*ast.AssignStmt); ok && len(as.Rhs) == 1 {
			u, recv := ast.Unparen(as.Rhs[0]).(*ast.UnaryExpr)
			if id, ok := as.Lhs[0].(*ast.Ident); ok && recv && u.Op == token.ARROW {
				return f.s.pass.TypesInfo.ObjectOf(id), u.X
			}
		}
	}
	return nil, nil
}

func (f *errFlow) returned(decl *ast.FuncDecl) callSet { return f.setOf(f.returns, decl) }

func (f *errFlow) stopped(decl *ast.FuncDecl) callSet { return f.setOf(f.stops, decl) }

func (f *errFlow) setOf(sets map[*types.Func]callSet, decl *ast.FuncDecl) callSet {
	fn, _ := f.s.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if sets[fn] == nil {
		sets[fn] = callSet{}
	}
	return sets[fn]
}

// send records writes sent on a channel, and on the channels the callers
// pass for it when it is a parameter.
func (f *errFlow) send(ch ast.Expr, writes callSet) bool {
	obj := f.chanObj(ch)
	if obj == nil {
		return false
	}
	grew := false
	seen := map[types.Object]bool{}
	var add func(o types.Object)
	add = func(o types.Object) {
		if seen[o] {
			return
		}
		seen[o] = true
		if f.sent[o] == nil {
			f.sent[o] = callSet{}
		}
		grew = f.sent[o].add(writes) || grew
		for _, a := range f.aliases[o] {
			add(a)
		}
	}
	add(obj)
	return grew
}

// chanWrites returns the writes whose error a receive from ch may deliver:
// those sent on it, and, for a parameter, on the channels its callers pass.
func (f *errFlow) chanWrites(ch ast.Expr) callSet {
	out := callSet{}
	seen := map[types.Object]bool{}
	var add func(o types.Object)
	add = func(o types.Object) {
		if o == nil || seen[o] {
			return
		}
		seen[o] = true
		out.add(f.sent[o])
		for _, a := range f.aliases[o] {
			add(a)
		}
	}
	add(f.chanObj(ch))
	return out
}

// chanObj returns the variable or field a channel expression names.
func (f *errFlow) chanObj(e ast.Expr) types.Object {
	if !isChan(f.s.pass.TypesInfo.TypeOf(e)) {
		return nil
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f.s.pass.TypesInfo.ObjectOf(e)
	case *ast.SelectorExpr:
		if sel := f.s.pass.TypesInfo.Selections[e]; sel != nil && sel.Kind() == types.FieldVal {
			return sel.Obj()
		}
		return f.s.pass.TypesInfo.Uses[e.Sel] // a package variable of another package
	}
	return nil
}

func isChan(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(*types.Chan)
	return ok
}

// checkOrigins returns the writes whose error an if's check of v may see:
// what the if's init assigns to v, or else what the statements of body
// that start before the if assign to it (a loop around the if included).
func (f *errFlow) checkOrigins(body *ast.BlockStmt, ifs *ast.IfStmt, v types.Object) callSet {
	if ifs.Init != nil {
		seen := map[types.Object]bool{v: true}
		if out := f.assigned(ifs.Init, v, ifs.Pos(), body, seen); len(out) > 0 {
			return out
		}
	}
	return f.varOrigins(body, v, ifs.Pos(), map[types.Object]bool{})
}

// varOrigins returns the writes whose error a variable may hold at pos:
// what the statements of body that start before pos assign to it
// (closures aside).
func (f *errFlow) varOrigins(body *ast.BlockStmt, v types.Object, pos token.Pos, seen map[types.Object]bool) callSet {
	if seen[v] {
		return nil
	}
	seen[v] = true
	out := callSet{}
	for _, stmt := range body.List {
		if stmt.Pos() >= pos {
			break
		}
		out.add(f.assigned(stmt, v, pos, body, seen))
	}
	return out
}

// assigned returns the writes whose error the assignments to v in n give it.
func (f *errFlow) assigned(n ast.Node, v types.Object, pos token.Pos, body *ast.BlockStmt, seen map[types.Object]bool) callSet {
	out := callSet{}
	inspectOwn(n, func(n ast.Node) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || f.s.pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[i]
			}
			out.add(f.exprOrigins(body, rhs, pos, seen))
		}
	})
	return out
}

// exprOrigins returns the writes whose error an expression may hold: a
// write itself, a function of the package that returns one, a wrapper of
// errors (fmt.Errorf's %w, errors.Join, a helper of the package), a
// receive, a variable.
func (f *errFlow) exprOrigins(body *ast.BlockStmt, e ast.Expr, pos token.Pos, seen map[types.Object]bool) callSet {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if f.s.bookkeeping(e) {
			return callSet{e: true}
		}
		if fn := f.s.callee(e); fn != nil && f.returns[fn.Origin()] != nil {
			return f.returns[fn.Origin()]
		}
		out := f.runnerOrigins(e)
		if f.s.wraps(e) {
			for _, arg := range e.Args {
				if t := f.s.pass.TypesInfo.TypeOf(arg); t != nil && types.Identical(t, errorType) {
					out.add(f.exprOrigins(body, arg, pos, seen))
				}
			}
		}
		return out
	case *ast.UnaryExpr:
		if e.Op == token.ARROW {
			return f.chanWrites(e.X)
		}
	case *ast.Ident:
		if obj, ok := f.s.pass.TypesInfo.Uses[e].(*types.Var); ok {
			return f.varOrigins(body, obj, pos, seen)
		}
	}
	return nil
}

// carries reports whether an expression's value is v's error: v itself,
// or v wrapped (fmt.Errorf's %w, errors.Join, a helper of the package).
func (f *errFlow) carries(e ast.Expr, v types.Object) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return f.s.pass.TypesInfo.Uses[e] == v
	case *ast.CallExpr:
		return f.s.wraps(e) && slices.ContainsFunc(e.Args, func(a ast.Expr) bool { return f.carries(a, v) })
	}
	return false
}

// enclosing returns the body of the innermost function around cur, and the
// declaration when that function is one (not a literal).
func (f *errFlow) enclosing(cur inspector.Cursor) (*ast.BlockStmt, *ast.FuncDecl) {
	for c := range cur.Enclosing((*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncLit:
			return n.Body, nil
		case *ast.FuncDecl:
			return n.Body, n
		}
	}
	return nil, nil
}

// inspectOwn visits the nodes of n, function literals aside.
func inspectOwn(n ast.Node, visit func(ast.Node)) {
	ast.Inspect(n, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		if n != nil {
			visit(n)
		}
		return true
	})
}

// loopFuncs returns the functions of the package that return because a
// write failed and run a claim loop (themselves, or in a goroutine they
// start), in position order.
func (f *errFlow) loopFuncs() []*types.Func {
	var out []*types.Func
	for fn, ws := range f.stops {
		if len(ws) > 0 && f.runsClaimLoop(f.decls[fn]) {
			out = append(out, fn)
		}
	}
	slices.SortFunc(out, func(a, b *types.Func) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// runsClaimLoop reports whether a function claims jobs in a loop, itself
// or through a function it calls (its literals included).
func (f *errFlow) runsClaimLoop(decl *ast.FuncDecl) bool {
	found := false
	queuemodel.WalkCalls(decl.Body, func(call *ast.CallExpr, inLoop bool) {
		j := f.s.m.JobsOf(call)
		found = found || j != nil && (j.Loop || inLoop && j.Claims) || inLoop && f.s.m.RunsClaim(call)
	})
	return found
}
