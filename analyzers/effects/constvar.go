package effects

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A module often names its job states with exported package variables of
// a string type in a package of their own (var JobStatusQueued JobStatus =
// "queued"), as it would with constants. The packages that bind them to
// SQL have no SSA of the variables' initializers: the variables' package
// exports each one's constant as a ConstVar fact.

// ConstVar is the fact of an exported package variable of a string type
// whose initializer is a constant, and that its package assigns nowhere
// else and takes no address of.
type ConstVar struct {
	Value string
}

func (*ConstVar) AFact() {}

func (f *ConstVar) String() string { return "constant " + strconv.Quote(f.Value) }

// exportConstVars exports a ConstVar fact for each exported package
// variable of a string type that its declaration gives a constant and
// that the package assigns nowhere else and takes no address of. It reads
// the syntax only.
func exportConstVars(pass *analysis.Pass) {
	if pass.TypesInfo == nil {
		return
	}
	found := map[*types.Var]*ConstVar{}
	for v, value := range exportedVarInits(pass) {
		tv, ok := pass.TypesInfo.Types[value]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.String || !isStringType(v.Type()) {
			continue
		}
		found[v] = &ConstVar{Value: constant.StringVal(tv.Value)}
	}
	if len(found) == 0 {
		return
	}
	for v := range writtenVars(pass) {
		delete(found, v)
	}
	for v, f := range found {
		pass.ExportObjectFact(v, f)
	}
}

// exportedVarInits returns the exported package variables a declaration
// gives a value, with that value.
func exportedVarInits(pass *analysis.Pass) map[*types.Var]ast.Expr {
	out := map[*types.Var]ast.Expr{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				vs := s.(*ast.ValueSpec)
				if len(vs.Names) != len(vs.Values) {
					continue
				}
				for i, name := range vs.Names {
					if obj, _ := pass.TypesInfo.Defs[name].(*types.Var); obj != nil && obj.Exported() {
						out[obj] = vs.Values[i]
					}
				}
			}
		}
	}
	return out
}

// writtenVars returns the package variables the package's code assigns
// (outside their declaration) or takes the address of.
func writtenVars(pass *analysis.Pass) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var written []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				written = x.Lhs
			case *ast.IncDecStmt:
				written = []ast.Expr{x.X}
			case *ast.UnaryExpr:
				if x.Op == token.AND {
					written = []ast.Expr{x.X}
				}
			}
			for _, w := range written {
				if id, ok := ast.Unparen(w).(*ast.Ident); ok {
					if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
						out[v] = true
					}
				}
			}
			return true
		})
	}
	return out
}

// importedConstVar returns the constant of an exported package variable of
// another package of the module, from its ConstVar fact, when this package
// too neither assigns it nor takes its address.
func (r *resolver) importedConstVar(g *ssa.Global) (string, bool) {
	obj, ok := g.Object().(*types.Var)
	if !ok || r.e.pass == nil {
		return "", false
	}
	var f ConstVar
	if !r.e.pass.ImportObjectFact(obj, &f) {
		return "", false
	}
	if addressEscapes(g, r.e.uses(g)) {
		return "", false
	}
	for _, st := range r.e.allStores() {
		if st.Addr == g {
			return "", false
		}
	}
	return f.Value, true
}

// ConstVar returns the constant of an exported package variable of
// another package of the module (see ConstVar, the fact), when this
// package neither assigns it nor takes its address: a value the code
// names in syntax the SSA of its calls does not reach (a map literal's
// value given to an ORM).
func (e *Effects) ConstVar(v *types.Var) (string, bool) {
	if e == nil || e.Pkg() == nil || v == nil || v.Pkg() == nil || v.Pkg() == e.pass.Pkg {
		return "", false
	}
	for g := range e.globalUses {
		if gl, ok := g.(*ssa.Global); ok && gl.Object() == v {
			r := &resolver{e: e, onStack: map[any]bool{}}
			return r.importedConstVar(gl)
		}
	}
	return "", false
}
