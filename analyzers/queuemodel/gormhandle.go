package queuemodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// A *gorm.DB is a pool or a transaction by where it comes from, not by its
// type: gorm.Open makes a pool (each statement commits on its own), Begin
// and the function Transaction runs are given a transaction, and the
// builder methods in between (WithContext, Session, Debug, Where...) keep
// what they are called on. A store usually holds the *gorm.DB in a field
// its constructor sets (NewStore(db)), from a helper of another package
// that opens it (db, err := config.Connect(cfg)): the helper's GormPool
// fact says it returns a pool.

// GormPool is the fact that a function returns, as its first result, only
// *gorm.DB values that gorm.Open made (or nil).
type GormPool struct{}

func (*GormPool) AFact() {}

func (*GormPool) String() string { return "returns a GORM pool" }

const gormPath = "gorm.io/gorm"

// exportGormPools exports GormPool for the package's functions whose every
// return gives a GORM pool first; functions are read in source order, so
// a helper that returns another's pool is seen when it follows it.
func (b *builder) exportGormPools() {
	for _, f := range b.pass.Files {
		if InTestFile(b.pass, f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			fn, ok := b.pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			res := fn.Type().(*types.Signature).Results()
			if res.Len() == 0 || !effects.IsGormDB(res.At(0).Type()) {
				continue
			}
			if returnsGormPool(b.pass, decl) {
				b.pass.ExportObjectFact(fn, &GormPool{})
			}
		}
	}
}

// returnsGormPool reports whether every return of a function gives, as
// its first result, nil or a GORM pool, and one does.
func returnsGormPool(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	pools, other := 0, 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == 0:
				other++ // named results, set out of this sight
			case isNilIdent(n.Results[0]):
			case ValueReceiver(pass, n.Results[0]) == RecvPool:
				pools++
			default:
				other++
			}
		}
		return true
	})
	return pools > 0 && other == 0
}

// gormReceiver returns what the *gorm.DB a call gives is: a pool from
// gorm.Open or a function whose GormPool fact says so, a transaction from
// Begin, and what a builder method is called on for the others. False for
// a call that gives no *gorm.DB, or that the rules above do not cover.
func gormReceiver(pass *analysis.Pass, call *ast.CallExpr, depth int) (Receiver, bool) {
	fn := Callee(pass, call)
	if fn == nil || fn.Pkg() == nil {
		return RecvUnknown, false
	}
	sig := fn.Type().(*types.Signature)
	if sig.Results().Len() == 0 || !effects.IsGormDB(sig.Results().At(0).Type()) {
		return RecvUnknown, false
	}
	if fn.Pkg().Path() != gormPath {
		if pass.ImportObjectFact(fn, new(GormPool)) {
			return RecvPool, true
		}
		return RecvUnknown, false
	}
	switch {
	case sig.Recv() == nil && fn.Name() == "Open":
		return RecvPool, true
	case sig.Recv() == nil || !effects.IsGormDB(sig.Recv().Type()):
		return RecvUnknown, false
	case fn.Name() == "Begin":
		return RecvTx, true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return RecvUnknown, false
	}
	return valueReceiver(pass, sel.X, depth+1), true
}

// firstOfGormCall returns the call whose first result an assignment of
// several results gives its first variable, when that result is a
// *gorm.DB (db, err := gorm.Open(...)); nil otherwise.
func firstOfGormCall(pass *analysis.Pass, as *ast.AssignStmt, i int) ast.Expr {
	if i != 0 || len(as.Rhs) != 1 {
		return nil
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return nil
	}
	tuple, ok := pass.TypesInfo.TypeOf(call).(*types.Tuple)
	if !ok || tuple.Len() == 0 || !effects.IsGormDB(tuple.At(0).Type()) {
		return nil
	}
	return call
}

// gormChainStart returns the first call of the chain of *gorm.DB methods
// a call ends (s.db.WithContext(ctx) of
// s.db.WithContext(ctx).Where(...).Find(&jobs)), or nil when the call is
// not a *gorm.DB method.
func gormChainStart(info *types.Info, call *ast.CallExpr) *ast.CallExpr {
	var start *ast.CallExpr
	for range 64 {
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok || !effects.IsGormDB(info.TypeOf(sel.X)) {
			return start
		}
		start = call
		inner, ok := ast.Unparen(sel.X).(*ast.CallExpr)
		if !ok {
			return start
		}
		call = inner
	}
	return nil
}
