package main

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// sqlSpanEnd is the end to give a diagnostic that a rule reported at a
// database call and gave no end: the end of the call's SQL string literal,
// so that the finding's range covers the SQL. A review bot that comments
// only on changed lines (reviewdog's -filter-mode=added reports a finding
// when any line of its range was added) then comments on a pull request
// that edits only the SQL of a multi-line QueryRow(ctx, `...`). The start
// stays where the rule put it. NoPos when the diagnostic has an end, or is
// not at a call with a string literal argument (SQL held in a constant
// elsewhere: the range would not reach it).
func sqlSpanEnd(files []*ast.File, d analysis.Diagnostic) token.Pos {
	if d.End.IsValid() || !d.Pos.IsValid() {
		return token.NoPos
	}
	var call *ast.CallExpr // the innermost call whose callee holds d.Pos
	for _, f := range files {
		if d.Pos < f.FileStart || d.Pos > f.FileEnd {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil || d.Pos < n.Pos() || d.Pos >= n.End() {
				return false
			}
			if c, ok := n.(*ast.CallExpr); ok && d.Pos < c.Lparen {
				call = c
			}
			return true
		})
	}
	if call == nil {
		return token.NoPos
	}
	end := token.NoPos
	for _, arg := range call.Args {
		if stringLiteral(arg) {
			end = max(end, arg.End())
		}
	}
	return end
}

// stringLiteral reports whether e is a string literal, or a concatenation
// or parenthesis of them.
func stringLiteral(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING
	case *ast.ParenExpr:
		return stringLiteral(e.X)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && stringLiteral(e.X) && stringLiteral(e.Y)
	}
	return false
}
