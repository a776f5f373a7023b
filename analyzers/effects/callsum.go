package effects

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// What a call does, from its callee. A sender's send helper often calls
// into another package of the module (a logger of its own, a mail
// builder), and a call of another package's function shows no handle: it
// may be a store's MarkFailed that writes through a pool its receiver
// holds, or a logger's Err. Each package summarizes its functions on
// their bodies, transitively through the calls they make, and exports, for
// the ones other packages can call, the fact that they run no statement on
// the database; a call of a function of the module that carries no such
// fact may write, as before.
//
// The summary reads the syntax with its types rather than SSA, so that a
// package no rule asks about builds none: what it looks for (which
// function a call runs, the types of its receiver and arguments) the type
// information already says.

// NoStatement is the fact that a function runs no statement on the
// database, itself or through any function it calls: no call is given a
// database handle or made on one, none goes through a function value or
// an interface of the module (what runs there is out of sight), and every
// function of the module it calls runs none either. It is a package fact
// naming the package's exported functions that run none (funcset.go).
type NoStatement struct{ Funcs funcSet }

func (*NoStatement) AFact() {}

func (f *NoStatement) String() string { return "nostatement " + f.Funcs.String() }

// CallsAnalyzer summarizes what the functions of a package do to the
// database (see NoStatement); the effects Analyzer reads its result.
var CallsAnalyzer = &analysis.Analyzer{
	Name:             "effectscalls",
	Doc:              "summarize which functions of a package run no statement on the database (shared by every jobqlint rule through effects)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              runCalls,
	ResultType:       reflect.TypeFor[*Calls](),
	FactTypes:        []analysis.Fact{(*NoStatement)(nil)},
	RunDespiteErrors: true,
}

// Calls is what the summaries say of the functions a package declares or
// imports: which run no statement on the database.
type Calls struct {
	quiet *funcSummary
}

// RunsNoStatement reports whether a function of the package, or of
// another package of the module, is known to run no statement on the
// database. A function with no summary (a library's, one the package does
// not see, one that may write) answers false.
func (c *Calls) RunsNoStatement(fn *types.Func) bool {
	return c != nil && c.quiet.holds(fn)
}

func runCalls(pass *analysis.Pass) (any, error) {
	c := &Calls{}
	if DependencyCode(pass) || !typedCode(pass) {
		return c, nil
	}
	c.quiet = importFuncSets(pass, func(f analysis.Fact) (funcSet, bool) {
		if q, ok := f.(*NoStatement); ok {
			return q.Funcs, true
		}
		return nil, false
	})
	// A function writes when a call of its own may, or a function of the
	// package it calls writes.
	quiet := quietFuncs(pass, func(x ast.Node) (*types.Func, bool) {
		if call, ok := x.(*ast.CallExpr); ok {
			return classifyCall(pass, c, call)
		}
		return nil, false
	})
	for _, fn := range quiet {
		c.quiet.local[fn] = true
	}
	if exported := newFuncSet(quiet); len(exported) > 0 {
		pass.ExportPackageFact(&NoStatement{Funcs: exported})
	}
	return c, nil
}

// classifyCall says what a call of a function of the package depends on
// (local: its callee), or whether the call itself may run a statement:
// given a database handle or made on one (a promoted method of an
// embedded handle too), a function value, a method of an interface other
// than the standard library's, a database library's or a logger's (as
// mayWrite reads them), or a function of another package of the module
// with no NoStatement fact. A library's other functions run none: the
// handles they are given are seen in their arguments.
func classifyCall(pass *analysis.Pass, c *Calls, call *ast.CallExpr) (local *types.Func, writes bool) {
	info := pass.TypesInfo
	fun := ast.Unparen(call.Fun)
	if tv, ok := info.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return nil, false // a conversion, len, append
	}
	if _, ok := fun.(*ast.FuncLit); ok {
		return nil, false // its body is part of the function's, read with it
	}
	for _, a := range call.Args {
		if t := info.TypeOf(a); t != nil && dbLike(t) {
			return nil, true
		}
	}
	fn, ok := typeutil.Callee(info, call).(*types.Func)
	if !ok {
		return nil, true // a function value: out of sight
	}
	sig := fn.Signature()
	if recv := sig.Recv(); recv != nil {
		if dbLike(recv.Type()) {
			return nil, true // (*sql.DB).Exec, also promoted from an embedded *sql.DB
		}
		if types.IsInterface(recv.Type()) {
			pkg := fn.Pkg()
			quiet := pkg == nil || standardLibrary(pkg.Path()) || DatabaseLibrary(pkg.Path()) || logging(fn.Name())
			return nil, !quiet
		}
	}
	pkg := fn.Pkg()
	switch {
	case pkg == nil:
		return nil, false
	case pkg == pass.Pkg:
		return fn.Origin(), false
	case InModule(pass, pkg):
		return nil, !c.RunsNoStatement(fn)
	}
	return nil, false
}
