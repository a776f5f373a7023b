package effects

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// buildSSA makes the SSA form of a package: the package itself with its
// function bodies, and every package it imports, directly or not, as
// members only (no bodies). Indirect imports are created too because code
// may name a member of a package it does not import (a method promoted
// from an embedded type of another package).
func buildSSA(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info) *ssa.Package {
	prog := ssa.NewProgram(fset, ssa.BuilderMode(0))
	created := map[*types.Package]bool{pkg: true}
	var createAll func(pkgs []*types.Package)
	createAll = func(pkgs []*types.Package) {
		for _, imp := range pkgs {
			if !created[imp] {
				created[imp] = true
				prog.CreatePackage(imp, nil, nil, true)
				createAll(imp.Imports())
			}
		}
	}
	createAll(pkg.Imports())
	p := prog.CreatePackage(pkg, files, info, false)
	if !safeBuild(p) {
		return nil
	}
	return p
}

// safeBuild builds a package's function bodies, and reports false when the
// SSA builder fails. It has been seen to panic on a nil object under the
// standalone driver on real code that builds under a plain go/packages
// load (a package-level variable of an imported package, in a return
// statement); the package then has no SSA, and every question about it
// answers "cannot tell".
func safeBuild(p *ssa.Package) (ok bool) {
	defer func() {
		if r := recover(); r != nil {
			ok = false
		}
	}()
	p.Build()
	return true
}

// index records, for every function built from this package's source
// (the package initializer included), its syntax, the calls it makes,
// keyed by the position of the call's opening parenthesis (what
// ssa.CallCommon.Pos reports), and the static callers of each function.
func (e *Effects) index() {
	e.funcs = make(map[ast.Node]*ssa.Function)
	e.calls = make(map[token.Pos]ssa.CallInstruction)
	e.callers = make(map[*ssa.Function][]ssa.CallInstruction)
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if s := fn.Syntax(); s != nil {
			e.funcs[s] = fn
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok && c.Common().Pos().IsValid() {
					e.calls[c.Common().Pos()] = c
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	for _, m := range e.pkg.Members {
		switch m := m.(type) {
		case *ssa.Function:
			visit(m)
		case *ssa.Type:
			for _, fn := range methodsOf(e.pkg.Prog, m.Type()) {
				visit(fn)
			}
		}
	}
	for _, c := range e.sortedCalls() {
		if callee := c.Common().StaticCallee(); callee != nil {
			if o := callee.Origin(); o != nil {
				callee = o // an instance of a generic function stands for it
			}
			e.callers[callee] = append(e.callers[callee], c)
		}
	}
}

// methodsOf returns the source methods declared on a named type and its
// pointer.
func methodsOf(prog *ssa.Program, t types.Type) []*ssa.Function {
	var out []*ssa.Function
	named, ok := t.(*types.Named)
	if !ok || named.TypeParams().Len() > 0 {
		return nil
	}
	for i := range named.NumMethods() {
		if fn := prog.FuncValue(named.Method(i)); fn != nil {
			out = append(out, fn)
		}
	}
	return out
}

// Call returns the SSA call instruction of a call expression of this
// package, or nil (no SSA, a conversion, a builtin the builder folds, or
// a call in code SSA does not build).
func (e *Effects) Call(call *ast.CallExpr) ssa.CallInstruction {
	if call == nil || e.Pkg() == nil {
		return nil
	}
	return e.calls[call.Lparen]
}

// Func returns the SSA function of a *ast.FuncDecl or *ast.FuncLit of this
// package, or nil.
func (e *Effects) Func(syntax ast.Node) *ssa.Function {
	if e.Pkg() == nil {
		return nil
	}
	return e.funcs[syntax]
}

// FuncOf returns the SSA function of a function declared in this package,
// or nil.
func (e *Effects) FuncOf(fn *types.Func) *ssa.Function {
	p := e.Pkg()
	if p == nil || fn == nil || fn.Pkg() != p.Pkg {
		return nil
	}
	return p.Prog.FuncValue(fn)
}

// CallersOf returns the calls in this package's code whose static callee is
// fn (not calls through interfaces or function values), in source order.
func (e *Effects) CallersOf(fn *ssa.Function) []ssa.CallInstruction {
	if fn == nil || e.Pkg() == nil {
		return nil
	}
	return e.callers[fn]
}
