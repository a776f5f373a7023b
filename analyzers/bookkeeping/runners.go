package bookkeeping

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
)

// Closures a transaction runner runs.
//
// A store often opens each step's transaction in a runner the package
// declares (WithinTx(ctx, func(s Store) error { ... })): the runner calls
// the function it is given and returns its error. The error of a write the
// closure returns is then the runner call's: runnerOrigins follows it
// there. A runner is a function of the package, or a method of one of the
// module's interfaces whose every implementation in sight is one, that
// returns the error of calling its function parameter (return fn(...), or
// if err := fn(...); err != nil { return err }).

// runnerOrigins returns the writes whose error a call of a runner may
// return: those the function literals it is given return.
func (f *errFlow) runnerOrigins(call *ast.CallExpr) callSet {
	out := callSet{}
	for i, arg := range call.Args {
		lit, ok := ast.Unparen(arg).(*ast.FuncLit)
		if !ok || !f.runs(call, i) {
			continue
		}
		inspectOwn(lit.Body, func(n ast.Node) {
			ret, ok := n.(*ast.ReturnStmt)
			if !ok || len(ret.Results) == 0 {
				return
			}
			r := ret.Results[len(ret.Results)-1]
			if c, ok := ast.Unparen(r).(*ast.CallExpr); ok && f.s.bookkeeping(c) {
				out[c] = true
				return
			}
			out.add(f.exprOrigins(lit.Body, r, ret.Pos(), map[types.Object]bool{}))
		})
	}
	return out
}

// runs reports whether the function a call calls returns the error of
// calling its parameter i.
func (f *errFlow) runs(call *ast.CallExpr, i int) bool {
	fn := f.s.callee(call)
	if fn == nil {
		return false
	}
	if decl := f.decls[fn.Origin()]; decl != nil {
		return returnsCallOf(f.s.pass, decl, i)
	}
	impls, all := f.s.m.ImplementationsOf(fn)
	if !all || len(impls) == 0 {
		return false
	}
	for _, impl := range impls {
		decl := f.decls[impl.Origin()]
		if decl == nil || !returnsCallOf(f.s.pass, decl, i) {
			return false
		}
	}
	return true
}

// returnsCallOf reports whether a function returns the error of a call of
// its parameter i: return p(...), or a check of the error such a call
// gave that returns it.
func returnsCallOf(pass *analysis.Pass, decl *ast.FuncDecl, i int) bool {
	info := pass.TypesInfo
	var params []types.Object
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			params = append(params, info.Defs[name])
		}
	}
	if i >= len(params) || params[i] == nil {
		return false
	}
	p := params[i]
	callsP := func(e ast.Expr) bool {
		c, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok {
			return false
		}
		id, ok := ast.Unparen(c.Fun).(*ast.Ident)
		return ok && info.Uses[id] == p
	}
	errs := map[types.Object]bool{} // the variables a call of p assigns its error to
	found := false
	inspectOwn(decl.Body, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 && callsP(n.Rhs[0]) {
				if id, ok := n.Lhs[len(n.Lhs)-1].(*ast.Ident); ok {
					errs[info.ObjectOf(id)] = true
				}
			}
		case *ast.ReturnStmt:
			found = found || len(n.Results) > 0 && callsP(n.Results[len(n.Results)-1])
		}
	})
	inspectOwn(decl.Body, func(n ast.Node) {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return
		}
		v := nilCheck(pass, ifs.Cond)
		if v == nil || !errs[v] {
			return
		}
		for _, s := range ifs.Body.List {
			ret, ok := s.(*ast.ReturnStmt)
			if ok && len(ret.Results) > 0 {
				if rid, ok := ast.Unparen(ret.Results[len(ret.Results)-1]).(*ast.Ident); ok && info.Uses[rid] == v {
					found = true
				}
			}
		}
	})
	return found
}
