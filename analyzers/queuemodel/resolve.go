package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// resolver turns SQL arguments into constant strings where the code makes
// that certain: constants, named constants, concatenations, and variables
// that are assigned exactly once, from something that resolves, and never
// have their address taken. Anything else is dynamic.
type resolver struct {
	info    *types.Info
	assigns map[*types.Var][]ast.Expr // every value assigned to a variable (nil for an opaque assignment)
}

func newResolver(info *types.Info, files []*ast.File) *resolver {
	r := &resolver{info: info, assigns: make(map[*types.Var][]ast.Expr)}
	record := func(id *ast.Ident, value ast.Expr) {
		if v, ok := r.object(id).(*types.Var); ok {
			r.assigns[v] = append(r.assigns[v], value)
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, id := range n.Names {
					var value ast.Expr
					if len(n.Values) == len(n.Names) {
						value = n.Values[i]
					}
					record(id, value)
				}
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					id, ok := ast.Unparen(lhs).(*ast.Ident)
					if !ok {
						continue
					}
					var value ast.Expr
					if n.Tok == token.ASSIGN || n.Tok == token.DEFINE {
						switch {
						case len(n.Rhs) == len(n.Lhs):
							value = n.Rhs[i]
						case i == 0 && len(n.Rhs) == 1:
							// stmt, err := db.Prepare(q): the call stands for
							// its first result. (It never resolves to a string.)
							value = n.Rhs[0]
						}
					}
					record(id, value) // q += "..." and the other results are opaque
				}
			case *ast.UnaryExpr:
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND {
					record(id, nil) // &q: anyone may write it
				}
			case *ast.RangeStmt:
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if id, ok := e.(*ast.Ident); ok {
						record(id, nil)
					}
				}
			}
			return true
		})
	}
	return r
}

func (r *resolver) object(id *ast.Ident) types.Object {
	if obj := r.info.Defs[id]; obj != nil {
		return obj
	}
	return r.info.Uses[id]
}

// resolve returns the string value of e, if it is certain.
func (r *resolver) resolve(e ast.Expr) (string, bool) {
	return r.resolveDepth(e, 0)
}

func (r *resolver) resolveDepth(e ast.Expr, depth int) (string, bool) {
	if depth > 16 {
		return "", false
	}
	if tv, ok := r.info.Types[e]; ok && tv.Value != nil {
		if tv.Value.Kind() == constant.String {
			return constant.StringVal(tv.Value), true
		}
		return "", false
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok := r.resolveDepth(e.X, depth+1)
		if !ok {
			return "", false
		}
		y, ok := r.resolveDepth(e.Y, depth+1)
		return x + y, ok
	case *ast.Ident:
		v, ok := r.info.Uses[e].(*types.Var)
		if !ok || v.IsField() || exportedGlobal(v) {
			return "", false
		}
		values := r.assigns[v]
		if len(values) != 1 || values[0] == nil {
			return "", false
		}
		return r.resolveDepth(values[0], depth+1)
	}
	return "", false
}

// exportedGlobal reports whether v is an exported package-level variable,
// which other packages may reassign.
func exportedGlobal(v *types.Var) bool {
	return v.Exported() && v.Parent() != nil && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}
