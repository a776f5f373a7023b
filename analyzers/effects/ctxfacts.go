package effects

import (
	"go/ast"
	"go/types"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A transaction helper or a repository's handle getter of another package
// of the module is read at a call from the CtxTx fact its package exports.

// CtxTx is the fact of an exported function of the module that either
// runs a function in a transaction it begins and hands it a context
// carrying the transaction, rolling the transaction back on the
// function's error (Fn >= 0), or returns the value a context it is given
// carries (Fn < 0).
type CtxTx struct {
	Key string // the context key, as ctxKeyName names it
	// For a helper: the parameter (counting a method's receiver) that is
	// the function, and the argument of that function that is the context.
	Fn, Arg   int
	Isolation Isolation
	// For a getter: the parameter that is the context, and whether the
	// function falls back to another handle when the context carries none.
	Param int
	Cond  bool
}

func (*CtxTx) AFact() {}

func (f *CtxTx) String() string {
	if f.Fn >= 0 {
		return "ctxtx(helper: param " + itoa(f.Fn) + " given " + f.Key + ")"
	}
	cond := ""
	if f.Cond {
		cond = " or fallback"
	}
	return "ctxtx(carried " + f.Key + " of param " + itoa(f.Param) + cond + ")"
}

func itoa(i int) string {
	if i < 0 {
		return "-" + itoa(-i)
	}
	if i < 10 {
		return string(rune('0' + i))
	}
	return itoa(i/10) + string(rune('0'+i%10))
}

// ctxFacts holds the CtxTx facts of the functions a package calls from
// the module's other packages, imported when its SSA is built, for
// handle, which has no pass to ask (objects are distinct per load: under
// go vet per process, in the standalone driver per package graph).
var ctxFacts sync.Map // *types.Func -> *CtxTx

// importCtxFacts imports the CtxTx facts of the functions of the module's
// other packages the package names, and of the methods it selects.
func importCtxFacts(pass *analysis.Pass) {
	if pass.TypesInfo == nil {
		return // loaded from export data: no code calls anything
	}
	look := func(obj types.Object) {
		fn, ok := obj.(*types.Func)
		if !ok || fn.Pkg() == nil || fn.Pkg() == pass.Pkg || !fn.Exported() || !InModule(pass, fn.Pkg()) {
			return
		}
		if _, ok := ctxFacts.Load(fn.Origin()); ok {
			return
		}
		var f CtxTx
		if pass.ImportObjectFact(fn.Origin(), &f) {
			ctxFacts.Store(fn.Origin(), &f)
		}
	}
	for _, obj := range pass.TypesInfo.Uses {
		look(obj)
	}
	for _, sel := range pass.TypesInfo.Selections {
		look(sel.Obj())
	}
}

// ctxFactOf returns the CtxTx fact of a function of another package.
func ctxFactOf(fn *ssa.Function) *CtxTx {
	if fn == nil {
		return nil
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return nil
	}
	if f, ok := ctxFacts.Load(obj.Origin()); ok {
		return f.(*CtxTx)
	}
	return nil
}

// exportCtxTx exports CtxTx for the package's exported functions that are
// transaction helpers handing a context, or getters of what a context
// carries. SSA is built only when the package declares a candidate.
func (e *Effects) exportCtxTx(pass *analysis.Pass) {
	if pass.Pkg.Name() == "main" || !slices.ContainsFunc(pass.Pkg.Imports(), func(p *types.Package) bool {
		return DatabaseLibrary(p.Path()) || p.Path() == "database/sql"
	}) {
		return // a helper begins its transaction, a getter falls back to a pool: both name the library
	}
	e.eachDeclared(pass, ctxCandidate, func(fn *ssa.Function, obj *types.Func) {
		if f := e.ctxFact(fn); f != nil {
			pass.ExportObjectFact(obj, f)
		}
	})
}

// ctxCandidate reports whether a declaration is an exported, non-generic
// function with a body and a context parameter (its own, or that of a
// function parameter).
func ctxCandidate(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	if decl.Body == nil || decl.Type.TypeParams != nil || !decl.Name.IsExported() {
		return false
	}
	obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	if recv := obj.Signature().Recv(); recv != nil {
		if named, ok := derefNamed(recv.Type()); !ok || named.TypeParams().Len() > 0 {
			return false
		}
	}
	params := obj.Signature().Params()
	for i := range params.Len() {
		t := params.At(i).Type()
		res := obj.Signature().Results()
		if isContext(t) && res.Len() == 1 && (dbLike(res.At(0).Type()) || KindOf(res.At(0).Type()) != KindUnknown) {
			return true
		}
		if sig, ok := t.Underlying().(*types.Signature); ok && slices.ContainsFunc(tupleTypes(sig.Params()), isContext) {
			return true
		}
	}
	return false
}

func derefNamed(t types.Type) (*types.Named, bool) {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return n, ok
}

func tupleTypes(t *types.Tuple) []types.Type {
	out := make([]types.Type, t.Len())
	for i := range t.Len() {
		out[i] = t.At(i).Type()
	}
	return out
}

// ctxFact returns the CtxTx fact of a function of the package, or nil.
func (e *Effects) ctxFact(fn *ssa.Function) *CtxTx {
	for _, t := range e.transactionsOnce() {
		if h, ok := e.ctxHelpers[t]; ok && t.Func == fn {
			return &CtxTx{Key: h.key, Fn: h.fnParam, Arg: h.arg, Isolation: t.Isolation, Param: -1}
		}
	}
	if fn.Signature.Results().Len() != 1 {
		return nil
	}
	var hs []Handle
	for _, b := range fn.Blocks {
		if ret, ok := last(b).(*ssa.Return); ok && len(ret.Results) == 1 {
			hs = append(hs, handleOf(ret.Results[0]))
		}
	}
	h := mergeReturns(fn, hs)
	p := h.rootParam()
	if !h.CtxCarried() || p == nil || p.Parent() != fn {
		return nil
	}
	key, _ := ctxPathKey(h.path)
	if h.path != ctxStep+key+")" {
		return nil
	}
	return &CtxTx{Key: key, Fn: -1, Arg: -1, Param: slices.Index(fn.Params, p), Cond: h.cond}
}
