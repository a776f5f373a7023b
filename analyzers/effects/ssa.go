package effects

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// buildSSA makes the SSA form of a package: the package itself with its
// function bodies, and, as members only (no bodies), the packages whose
// functions, variables and constants its code names. Methods and fields
// need no package: SSA makes their functions on demand. Creating a package
// creates every one of its members, and a module's package may import
// hundreds of packages through a few: creating every import, direct or
// not (as buildssa does), made a standalone run on a 299-package module
// hold 3.8 GB instead of 1.8 GB. Package initializers are built bare (they
// do not call the imports' initializers), which is what lets the imports
// whose members the code never names go uncreated.
func buildSSA(fset *token.FileSet, pkg *types.Package, files []*ast.File, info *types.Info) *ssa.Package {
	prog := ssa.NewProgram(fset, ssa.BareInits)
	for _, dep := range namedPackages(pkg, info) {
		prog.CreatePackage(dep, nil, nil, true)
	}
	p := prog.CreatePackage(pkg, files, info, false)
	if !safeBuild(p) {
		return nil
	}
	return p
}

// namedPackages returns the other packages whose package-level functions,
// variables or constants the code names, in a fixed order.
func namedPackages(pkg *types.Package, info *types.Info) []*types.Package {
	if info == nil {
		return nil // loaded from export data: no code to build
	}
	seen := map[*types.Package]bool{pkg: true}
	var out []*types.Package
	for _, obj := range info.Uses {
		other := obj.Pkg()
		if other == nil || seen[other] || obj.Parent() != other.Scope() {
			continue
		}
		switch obj.(type) {
		case *types.Func, *types.Var, *types.Const:
			seen[other] = true
			out = append(out, other)
		}
	}
	slices.SortFunc(out, func(a, b *types.Package) int { return strings.Compare(a.Path(), b.Path()) })
	return out
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
	e.bound = make(map[*types.Func][]*ssa.MakeClosure)
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
				if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn.(*ssa.Function).Synthetic != "" {
					// A bound method wrapper stands for its method.
					if m, ok := mc.Fn.(*ssa.Function).Object().(*types.Func); ok {
						e.bound[m.Origin()] = append(e.bound[m.Origin()], mc)
					}
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
// pointer (a generic type's: their one body, whatever the type arguments).
func methodsOf(prog *ssa.Program, t types.Type) []*ssa.Function {
	var out []*ssa.Function
	named, ok := t.(*types.Named)
	if !ok {
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

// MethodValues returns the method values of fn (x.Method, a closure bound
// to its receiver) made in this package's code, in the order the package's
// functions are built.
func (e *Effects) MethodValues(fn *ssa.Function) []*ssa.MakeClosure {
	if fn == nil || e.Pkg() == nil {
		return nil
	}
	m, ok := fn.Object().(*types.Func)
	if !ok || fn.Signature.Recv() == nil {
		return nil
	}
	return e.bound[m.Origin()]
}

// MayCall returns the calls of the package that may run fn: its static
// calls, and the calls through an interface that fn's receiver type
// implements, whatever type the interface value holds at run time (a
// field set from one of two stores). Calls through function values are
// not seen.
func (e *Effects) MayCall(fn *ssa.Function) []ssa.CallInstruction {
	out := slices.Clone(e.CallersOf(fn))
	recv := fn.Signature.Recv()
	if recv == nil || fn.Synthetic != "" {
		return out
	}
	added := false
	for _, c := range e.invokesOf(fn.Name()) {
		iface, ok := c.Common().Value.Type().Underlying().(*types.Interface)
		if !ok || !implements(recv.Type(), iface) {
			continue
		}
		out = append(out, c)
		added = true
	}
	if added {
		slices.SortFunc(out, func(a, b ssa.CallInstruction) int { return int(a.Common().Pos() - b.Common().Pos()) })
	}
	return out
}

// implements reports whether a receiver type, or a pointer to it, has the
// interface's methods.
func implements(t types.Type, iface *types.Interface) bool {
	if types.Implements(t, iface) {
		return true
	}
	_, isPtr := t.(*types.Pointer)
	return !isPtr && types.Implements(types.NewPointer(t), iface)
}
