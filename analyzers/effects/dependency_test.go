package effects

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// The model reads the module's own code only: the standard library and
// required modules are dependencies, however the driver names them.
func TestDependencyCode(t *testing.T) {
	std := filepath.Join(build.Default.GOROOT, "src", "strings", "strings.go")
	own, err := filepath.Abs(filepath.Join("testdata", "src", "order", "order.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		file   string
		module *analysis.Module
		want   bool
	}{
		{"standard library under go vet (no module)", std, nil, true},
		{"standard library under the checker (empty module)", std, &analysis.Module{}, true},
		{"required module", own, &analysis.Module{Path: "example.com/lib", Version: "v1.2.3"}, true},
		{"main module", own, &analysis.Module{Path: "example.com/app"}, false},
		{"GOPATH package (analysistest)", own, &analysis.Module{}, false},
		{"no module at all", own, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fset := token.NewFileSet()
			f, err := parser.ParseFile(fset, tc.file, nil, parser.PackageClauseOnly)
			if err != nil {
				t.Fatal(err)
			}
			pass := &analysis.Pass{Fset: fset, Files: []*ast.File{f}, Module: tc.module}
			if got := DependencyCode(pass); got != tc.want {
				t.Errorf("DependencyCode = %v, want %v", got, tc.want)
			}
		})
	}
}
