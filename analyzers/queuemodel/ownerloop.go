package queuemodel

import (
	"go/ast"
	"go/types"
)

// PolledInLoop reports whether the package runs a statement again and
// again: its call sits in a loop of its function, or a function of the
// package that calls it (through any chain of the package's calls) does so
// in a loop. Callers in other packages, and function values handed to a
// runner, are not followed.
//
// owner names the statement's bind parameters ($n) that pick whose rows
// it reads (a campaign, a draft). A loop each of whose turns binds them to
// a value of its own (a variable declared inside the loop: the range over
// the campaigns being sent, a field of it) reads each owner's rows once per
// turn, not one owner's again and again, and does not count; neither does
// a loop further up the same chain of calls, which repeats the pass over
// the owners. A loop that binds the same value on every turn (the
// worker's tenant, a parameter of the looping function) counts. An
// argument the tool cannot follow (args..., a spliced number) counts as
// the same value.
func (m *Model) PolledInLoop(st *Statement, owner ...int) bool {
	g := m.loops
	if g == nil || st.Call == nil || st.Call.Decl == nil {
		return false
	}
	var args []ast.Expr
	for _, n := range owner {
		args = append(args, st.Call.Arg(n))
	}
	fn, _ := g.pass.TypesInfo.Defs[st.Call.Decl.Name].(*types.Func)
	type visit struct {
		fn     *types.Func
		params []int // the parameters of fn that carry the owner; nil: fn fixes it
	}
	var queue []visit
	// next judges one call site: it repeats the statement for one owner
	// (true), or hands the owner on to the function's callers.
	next := func(decl *ast.FuncDecl, f *types.Func, call ast.Node, inLoop bool, args []ast.Expr) bool {
		if len(owner) > 0 && g.variesPerTurn(decl, call, args) {
			return false // each turn binds another owner: this chain is a pass over owners
		}
		if inLoop {
			return true
		}
		if f != nil {
			queue = append(queue, visit{f, paramsOf(g.pass.TypesInfo, decl, args)})
		}
		return false
	}
	for _, s := range g.sites[st.Call.Decl] {
		if s.call == st.Call.Expr {
			if next(st.Call.Decl, fn, s.call, s.inLoop, args) {
				return true
			}
		}
	}
	if fn == nil {
		return false
	}
	seen := map[*types.Func]bool{fn: true}
	for len(queue) > 0 {
		cur := queue[0]
		queue = queue[1:]
		for f, d := range g.decls {
			for _, s := range g.sites[d] {
				if Callee(g.pass, s.call) != cur.fn {
					continue
				}
				var at []ast.Expr
				for _, i := range cur.params {
					if i < 0 || i >= len(s.call.Args) || s.call.Ellipsis.IsValid() {
						at = append(at, nil)
						continue
					}
					at = append(at, s.call.Args[i])
				}
				if seen[f] {
					f = nil // judged already: only its loops count here
				} else {
					seen[f] = true
				}
				if next(d, f, s.call, s.inLoop, at) {
					return true
				}
			}
		}
	}
	return false
}

// variesPerTurn reports whether one of args uses a variable declared
// inside the innermost for or range loop of decl that encloses call: each
// turn of that loop binds its own value. A variable of an outer loop stays
// the same while an inner loop turns (for each tenant, poll until its
// queue is empty).
func (g *callGraph) variesPerTurn(decl *ast.FuncDecl, call ast.Node, args []ast.Expr) bool {
	var inner ast.Node
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			if n.Pos() <= call.Pos() && call.End() <= n.End() {
				inner = n // Inspect visits an enclosing loop before the loops inside it
			}
		}
		return true
	})
	if inner == nil {
		return false
	}
	varies := false
	for _, a := range args {
		if a == nil {
			continue
		}
		ast.Inspect(a, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !varies {
				v, ok := g.pass.TypesInfo.Uses[id].(*types.Var)
				varies = ok && !v.IsField() && inner.Pos() <= v.Pos() && v.Pos() < inner.End()
			}
			return !varies
		})
	}
	return varies
}

// paramsOf returns, for each of args that is a parameter of decl, its
// index among decl's parameters (receiver excluded); nil when none is:
// the function fixes the value itself.
func paramsOf(info *types.Info, decl *ast.FuncDecl, args []ast.Expr) []int {
	var idx []int
	for _, a := range args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if a == nil || !ok {
			continue
		}
		i := 0
		for _, field := range decl.Type.Params.List {
			for _, name := range field.Names {
				if info.Defs[name] != nil && info.Defs[name] == info.Uses[id] {
					idx = append(idx, i)
				}
				i++
			}
			if len(field.Names) == 0 {
				i++
			}
		}
	}
	return idx
}
