package effects

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
)

// typedCode reports whether every piece of code the pass holds is typed:
// the package has no type error, or each of its errors lies outside the
// code left to read. The standalone driver checks a package whose errors
// are inside function bodies (an undefined name, a failed import's uses)
// without those bodies (cmd/jobqlint's salvage sets them to nil): what is
// left is typed, and its SSA form is built as any package's, each
// function left out being one whose body is out of sight. An error in a
// body still there, or in a declaration outside every function other than
// an import, leaves the package without effects, as before.
func typedCode(pass *analysis.Pass) bool {
	for _, e := range pass.TypeErrors {
		if e.Fset != nil && e.Fset != pass.Fset || inKeptCode(pass.Files, e.Pos) {
			return false
		}
	}
	return true
}

// inKeptCode reports whether pos lies in a function whose body is there
// or in a declaration other than an import.
func inKeptCode(files []*ast.File, pos token.Pos) bool {
	if !pos.IsValid() {
		return true
	}
	for _, f := range files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		for _, d := range f.Decls {
			if pos < d.Pos() || pos > d.End() {
				continue
			}
			switch d := d.(type) {
			case *ast.FuncDecl:
				return d.Body != nil || pos < d.Type.End()
			case *ast.GenDecl:
				return d.Tok != token.IMPORT
			}
			return true
		}
		return false // between declarations: a pruned body's text
	}
	return true
}
