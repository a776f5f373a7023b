package effects

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A module often keeps one squirrel StatementBuilder for all its stores in
// a package variable of its database package (var Builder =
// squirrel.StatementBuilder.PlaceholderFormat(squirrel.Dollar)), and each
// store starts its statements from it. The stores' packages have no SSA
// of the variable's initializer: the variable's package exports what the
// builder is as a SquirrelVar fact.

// SquirrelVar is the fact of an exported package variable that holds a
// StatementBuilder with no clause of its own, set only by its initializer.
type SquirrelVar struct {
	Dollar bool // PlaceholderFormat(squirrel.Dollar)
}

func (*SquirrelVar) AFact() {}

func (f *SquirrelVar) String() string {
	if f.Dollar {
		return "squirrel StatementBuilder (dollar)"
	}
	return "squirrel StatementBuilder"
}

// exportSquirrelVars exports a SquirrelVar fact for each exported package
// variable whose initializer is squirrel.StatementBuilder, optionally
// followed by PlaceholderFormat and RunWith calls, and that the package
// assigns nowhere else and takes no address of. It reads the syntax only.
func exportSquirrelVars(pass *analysis.Pass) {
	if pass.TypesInfo == nil || !slices.ContainsFunc(pass.Pkg.Imports(), func(p *types.Package) bool { return p.Path() == squirrelPath }) {
		return
	}
	found := map[*types.Var]*SquirrelVar{}
	for obj, init := range exportedVarInits(pass) {
		if dollar, ok := statementBuilder(pass.TypesInfo, init); ok {
			found[obj] = &SquirrelVar{Dollar: dollar}
		}
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

// statementBuilder reads squirrel.StatementBuilder followed by
// PlaceholderFormat(squirrel.Dollar or squirrel.Question) and RunWith
// calls, and reports whether the placeholders are numbered (the last
// PlaceholderFormat, the first met walking the chain from its end, says).
func statementBuilder(info *types.Info, e ast.Expr) (dollar, ok bool) {
	formatted := false
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.SelectorExpr:
			v, _ := info.Uses[x.Sel].(*types.Var)
			return dollar, v != nil && v.Pkg() != nil && v.Pkg().Path() == squirrelPath && v.Name() == "StatementBuilder"
		case *ast.CallExpr:
			sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !isSel {
				return false, false
			}
			fn, _ := info.Uses[sel.Sel].(*types.Func)
			if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != squirrelPath || fn.Signature().Recv() == nil {
				return false, false
			}
			switch fn.Name() {
			case "PlaceholderFormat":
				d, known := squirrelFormat(info, x.Args)
				if !known {
					return false, false
				}
				if !formatted {
					dollar, formatted = d, true
				}
			case "RunWith":
			default:
				return false, false
			}
			e = sel.X
		default:
			return false, false
		}
	}
}

// squirrelFormat reads the argument of PlaceholderFormat: squirrel.Dollar
// or squirrel.Question.
func squirrelFormat(info *types.Info, args []ast.Expr) (dollar, ok bool) {
	if len(args) != 1 {
		return false, false
	}
	sel, isSel := ast.Unparen(args[0]).(*ast.SelectorExpr)
	if !isSel {
		return false, false
	}
	v, _ := info.Uses[sel.Sel].(*types.Var)
	if v == nil || v.Pkg() == nil || v.Pkg().Path() != squirrelPath {
		return false, false
	}
	switch v.Name() {
	case "Dollar":
		return true, true
	case "Question":
		return false, true
	}
	return false, false
}
