package queuemodel

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// unread says, in a few words, why the SQL of a call site stayed unknown:
// what kind of Go expression holds it. The model view prints it, so that a
// user who asks why the tool is silent about a statement sees why.
func (b *builder) unread(site callSite, c *Call) string {
	if site.sqlArg == nil {
		if site.method.recv == RecvStmt {
			return "a prepared statement whose Prepare is not found (not a variable assigned once from a Prepare call)"
		}
		return "the call passes no SQL argument"
	}
	if c.SQL != "" && statementName.MatchString(c.SQL) {
		return fmt.Sprintf("runs the prepared statement named %q", c.SQL)
	}
	return b.describe(site.sqlArg, 0)
}

func (b *builder) describe(e ast.Expr, depth int) string {
	info := b.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		if fn, ok := typeutil.Callee(info, e).(*types.Func); ok {
			return fmt.Sprintf("built at run time by %s", qualifiedName(fn))
		}
		return "built at run time by a call"
	case *ast.BinaryExpr:
		for _, part := range concatenated(e) {
			if _, ok := b.resolver.resolve(part); !ok && depth < 8 {
				return "a concatenation with a part that is not constant: " + b.describe(part, depth+1)
			}
		}
		return "a concatenation that is not constant"
	case *ast.SelectorExpr:
		if v, ok := info.Uses[e.Sel].(*types.Var); ok && v.IsField() {
			return fmt.Sprintf("the struct field %s", types.ExprString(e))
		}
		if _, ok := info.Uses[e.Sel].(*types.Var); ok {
			return fmt.Sprintf("the variable %s of another package", types.ExprString(e))
		}
	case *ast.IndexExpr:
		return fmt.Sprintf("an element of %s", types.ExprString(e.X))
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			break
		}
		values := b.resolver.assigns[v]
		switch {
		case exportedGlobal(v):
			return fmt.Sprintf("the exported variable %s, which other packages may assign", v.Name())
		case isParam(v, values):
			return fmt.Sprintf("the parameter %s (its callers' arguments are not followed)", v.Name())
		case len(values) > 1:
			return fmt.Sprintf("the variable %s, assigned %d times", v.Name(), len(values))
		case len(values) == 1 && values[0] != nil && depth < 8:
			return fmt.Sprintf("the variable %s, %s", v.Name(), b.describe(values[0], depth+1))
		case len(values) == 1:
			return fmt.Sprintf("the variable %s, assigned in a way the tool does not follow", v.Name())
		}
		return fmt.Sprintf("the variable %s", v.Name())
	}
	return fmt.Sprintf("the expression %s, which the tool does not evaluate", types.ExprString(e))
}

// isParam reports whether v is a function parameter (or result) never
// assigned in the body.
func isParam(v *types.Var, values []ast.Expr) bool {
	return len(values) == 0 && v.Parent() != nil && v.Pkg() != nil && v.Parent() != v.Pkg().Scope()
}

func qualifiedName(fn *types.Func) string {
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		return types.TypeString(sig.Recv().Type(), func(p *types.Package) string { return p.Name() }) + "." + fn.Name()
	}
	if fn.Pkg() != nil {
		return fn.Pkg().Name() + "." + fn.Name()
	}
	return fn.Name()
}

// concatenated returns the operands of a chain of +, left to right.
func concatenated(e ast.Expr) []ast.Expr {
	if bin, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && bin.Op == token.ADD {
		return append(concatenated(bin.X), concatenated(bin.Y)...)
	}
	return []ast.Expr{e}
}
