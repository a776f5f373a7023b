package maxattempts

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
)

// A bool that another package's function returns may be an attempt
// decision made out of sight (Exhausted(job), or a column the SQL
// computes), so a branch on it gets the benefit of the doubt. A store's
// Next(ctx) (Job, bool, error), whose bool only says whether a job was
// found, decides nothing about the attempts: its package says so with
// CountFree, and a retry under if !ok { continue } stays unguarded.

// CountFree is the fact that an exported function's bool results never
// come from an attempt count: each is a constant or a comparison of
// values that are no count, and nothing in its body compares a count or
// calls a function returning a bool that may.
type CountFree struct{}

func (*CountFree) AFact() {}

func (*CountFree) String() string { return "countfree" }

// exportCountFree exports CountFree for the package's exported functions
// and methods that return a bool and decide nothing by the attempts.
func exportCountFree(pass *analysis.Pass) {
	decls := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					decls[obj] = fd
				}
			}
		}
	}
	cf := &countFree{pass: pass, decls: decls, memo: map[*types.Func]bool{}}
	for obj := range decls {
		if obj.Exported() && returnsBool(obj.Type().(*types.Signature)) && cf.free(obj) {
			pass.ExportObjectFact(obj, &CountFree{})
		}
	}
}

type countFree struct {
	pass  *analysis.Pass
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]bool // in progress: true (a cycle adds nothing)
}

func (cf *countFree) free(obj *types.Func) bool {
	if v, ok := cf.memo[obj]; ok {
		return v
	}
	cf.memo[obj] = true
	fd := cf.decls[obj]
	v := fd != nil && cf.body(fd, obj.Type().(*types.Signature))
	cf.memo[obj] = v
	return v
}

// body reports whether a declaration's body compares no attempt count,
// calls no bool-returning function that may, and returns at its bool
// positions only constants and comparisons of values that are no count.
func (cf *countFree) body(fd *ast.FuncDecl, sig *types.Signature) bool {
	ok := true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if comparisonOp(n.Op) && (mentionsCount(n.X) || mentionsCount(n.Y)) || !cf.noCountOrder(n) {
				ok = false
			}
		case *ast.CallExpr:
			if tv, has := cf.pass.TypesInfo.Types[n]; has && !tv.IsType() && typeHasBool(tv.Type) && !cf.callFree(n) {
				ok = false
			}
		}
		return ok
	})
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // its returns are its own
		case *ast.ReturnStmt:
			switch {
			case len(n.Results) == sig.Results().Len():
				for i, r := range n.Results {
					if isBoolType(sig.Results().At(i).Type()) && !cf.plainBool(r) {
						ok = false
					}
				}
			case len(n.Results) == 0:
				ok = ok && !returnsBool(sig) // named results: what they hold is not read here
			}
			// return g(): g's results, judged as a call above
		}
		return ok
	})
	return ok
}

// plainBool reports whether a returned bool is a constant or made of
// comparisons (and negations, && and ||) of operands that are no count
// and call nothing.
func (cf *countFree) plainBool(e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := cf.pass.TypesInfo.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		return e.Op == token.NOT && cf.plainBool(e.X)
	case *ast.BinaryExpr:
		if e.Op == token.LAND || e.Op == token.LOR {
			return cf.plainBool(e.X) && cf.plainBool(e.Y)
		}
		return comparisonOp(e.Op) && !mentionsCount(e.X) && !mentionsCount(e.Y) && !hasCall(e) && cf.noCountOrder(e)
	}
	return false
}

// callFree reports whether a call returning a bool decides nothing by the
// attempts: a function of this package that does not, one of the
// standard library, or one another package says so of.
func (cf *countFree) callFree(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(cf.pass.TypesInfo, call).(*types.Func)
	if !ok {
		_, builtin := typeutil.Callee(cf.pass.TypesInfo, call).(*types.Builtin)
		return builtin
	}
	fn = fn.Origin()
	switch {
	case fn.Pkg() == nil:
		return true // error.Error
	case fn.Pkg() == cf.pass.Pkg:
		if sig := fn.Type().(*types.Signature); sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
			return false // any implementation may decide
		}
		return cf.free(fn)
	case standard(fn.Pkg().Path()):
		return true
	}
	return cf.pass.ImportObjectFact(fn, new(CountFree))
}

// noCountOrder reports whether a binary expression orders nothing that
// may be a count under another name (failures < 3): an equality, or an
// order of times or durations (time.Since(t) > ttl) or of a length.
func (cf *countFree) noCountOrder(e *ast.BinaryExpr) bool {
	switch e.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return true
	}
	timeOrLen := false
	ast.Inspect(e, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok && id.Name == "len" {
				timeOrLen = true
			}
		}
		if x, ok := n.(ast.Expr); ok {
			if tv, ok := cf.pass.TypesInfo.Types[x]; ok && isTime(tv.Type) {
				timeOrLen = true
			}
		}
		return !timeOrLen
	})
	return timeOrLen
}

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && (n.Obj().Name() == "Time" || n.Obj().Name() == "Duration")
}

func comparisonOp(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		return true
	}
	return false
}

// mentionsCount reports whether an expression names an attempt count
// anywhere in it.
func mentionsCount(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && attempts.Named(id.Name) {
			found = true
		}
		return !found
	})
	return found
}

func hasCall(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if _, ok := n.(*ast.CallExpr); ok {
			found = true
		}
		return !found
	})
	return found
}

func returnsBool(sig *types.Signature) bool { return typeHasBool(sig.Results()) }

func typeHasBool(t types.Type) bool {
	if tup, ok := t.(*types.Tuple); ok {
		for i := range tup.Len() {
			if isBoolType(tup.At(i).Type()) {
				return true
			}
		}
		return false
	}
	return isBoolType(t)
}

func isBoolType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}
