package queuemodel

import (
	"go/ast"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// Statements in functions nothing calls.
//
// A reclaim written in a Go function takes nothing back when nothing runs
// the function: a repository method that resets stuck jobs, declared by
// the store's interface, that no worker, ticker or command calls
// (incident-garden's RecoverStuckProcessing). A rule that asks whether a
// claimed job comes back must not count it.
//
// The tool says a function is unreached only where it sees every caller
// there can be: the module is read from its go.mod (not a package
// directory outside module mode) and has no nested module and no go.work
// that could hold a caller out of the walk; and the function is
// unexported, or its package cannot be imported from outside the module
// (a path with an internal element, or a main package: a library's
// exported API is there for its users). It is then unreached when no
// non-test file of its package names it other than where it is declared
// (as a function or method, or a method of an interface), and no function
// of another package's non-test files selects its name (see
// moduleCallersOf: x.Name, a call, a method value handed to a ticker, a
// cron library or a router). A mention in code that is itself never run
// still counts: the tool follows no chain of dead callers. A statement of
// a SQL function or a trigger is never unreached here: the database may
// run it (pg_cron, a trigger) whatever calls it from Go.
//
// Other packages' generated files are not read (moduleCallersOf leaves
// them out: a mock's recorder selects every method of the interface it
// mocks), and what is read is in the tool's ID (moduleCallersKey, and
// ModuleKey's closed line), so that a caller added in another package
// never leaves a stale result.

// Unreached reports whether the Go function that holds st is one nothing
// in the module calls (see above), and returns its name.
func (m *Model) Unreached(pass *analysis.Pass, st *Statement) (string, bool) {
	if st == nil || st.Body != nil || st.Call == nil || st.Call.Decl == nil {
		return "", false
	}
	decl := st.Call.Decl
	name := decl.Name.Name
	if name == "main" || name == "init" || name == "_" || InTestFile(pass, decl.Pos()) {
		return "", false
	}
	if decl.Name.IsExported() && !closedPackage(pass.Pkg.Path(), pass.Pkg.Name()) {
		return "", false // other modules may call it
	}
	root := m.schema.root
	if root == "" || !closedModule(root) {
		return "", false
	}
	own := map[string]bool{}
	for _, f := range pass.Files {
		if InTestFile(pass, f.Pos()) {
			continue
		}
		if namesOutsideDecls(f, name) {
			return "", false
		}
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	if decl.Name.IsExported() {
		for _, f := range moduleCallersOf(root).funcs {
			if abs, err := filepath.Abs(f.path); (err != nil || !own[abs]) && slices.Contains(f.names, name) {
				return "", false
			}
		}
	}
	if decl.Recv != nil && len(decl.Recv.List) == 1 {
		if t := typeName(decl.Recv.List[0].Type); t != "" {
			name = t + "." + name
		}
	}
	return name, true
}

// closedPackage reports whether a package cannot be imported from outside
// its module: a main package, or a path with an internal element.
func closedPackage(path, name string) bool {
	if name == "main" {
		return true
	}
	for _, el := range strings.Split(path, "/") {
		if el == "internal" {
			return true
		}
	}
	return false
}

// typeName names a receiver's type: T in (r *T), (r T[K]).
func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return ""
}

type closedOnce struct {
	once   sync.Once
	closed bool
}

var closedByRoot sync.Map // module root -> *closedOnce

// closedModule reports whether root holds a go.mod, no go.work, and no
// nested module (walked as sqlcheck.GoFiles walks: testdata, vendor,
// hidden and _ directories left out): every package that may import one
// of its internal packages is then among its files.
func closedModule(root string) bool {
	v, _ := closedByRoot.LoadOrStore(root, new(closedOnce))
	c := v.(*closedOnce)
	c.once.Do(func() { c.closed = walkClosed(root) })
	return c.closed
}

func walkClosed(root string) bool {
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		return false
	}
	if _, err := os.Stat(filepath.Join(root, "go.work")); err == nil {
		return false
	}
	closed := true
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == root {
			return nil
		}
		n := d.Name()
		if n == "testdata" || n == "vendor" || n == "node_modules" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			return filepath.SkipDir
		}
		if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
			closed = false
			return filepath.SkipAll
		}
		return nil
	})
	return closed
}

// namesOutsideDecls reports whether a file names name other than in a
// function's or an interface method's declaration.
func namesOutsideDecls(f *ast.File, name string) bool {
	decls := map[*ast.Ident]bool{}
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncDecl:
			decls[n.Name] = true
		case *ast.InterfaceType:
			for _, fld := range n.Methods.List {
				for _, id := range fld.Names {
					decls[id] = true
				}
			}
		case *ast.Ident:
			found = n.Name == name && !decls[n]
		}
		return true
	})
	return found
}
