package attempts

import "go/ast"

// Operand reports whether a compared Go expression is an attempt count:
// attempts, job.Attempts, *n, j.Attempt(); excluded leaves out names a
// rule reads otherwise (a limit, a retryable flag).
func Operand(e ast.Expr, excluded func(name string) bool) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 0 {
		e = call.Fun
	}
	if star, ok := e.(*ast.StarExpr); ok {
		e = star.X
	}
	switch e := e.(type) {
	case *ast.Ident:
		return Named(e.Name) && !excluded(e.Name)
	case *ast.SelectorExpr:
		return Operand(e.Sel, excluded)
	}
	return false
}
