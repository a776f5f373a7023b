// Package automigrate answers, from a module's Go files, which model types
// the module's code hands to GORM's AutoMigrate (or to its migrator's
// CreateTable): tables GORM creates from Go structs, which no migration
// file declares.
//
// The call is usually in main or a database package that the queue's
// package does not import, so under go vet no fact reaches it: the files
// are read (parsed, not type-checked) and the vet driver puts what they
// say into the tool's ID (Key), so that editing that call never leaves a
// stale result. Only the files that name AutoMigrate or CreateTable are
// parsed. In a package that imports gorm.io/gorm every such call counts;
// in one that does not (a main that gets its *gorm.DB from the module's
// database package), a call counts when its receiver is a variable of
// the function assigned from a function of a module package that imports
// gorm.io/gorm (db, err := conn.NewPostgres()) and declares no
// AutoMigrate or CreateTable of its own (a wrapper's own is not GORM's).
//
// A model is read from `&T{}`, `T{}`, `new(T)` and `(*T)(nil)`, with T a
// type of the file's package or selected from an import, and from a slice
// literal of those spread into the call, written in the call or in a
// variable of the same function or package assigned that literal once.
// Any other argument names no model.
package automigrate

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/mod/modfile"

	"github.com/jobqlint/jobqlint/analyzers/internal/gofiles"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

const gormPath = "gorm.io/gorm"

// A Model is a named type, by its package's import path and its name.
type Model struct {
	Pkg, Name string
}

// Models are the models a module migrates with GORM, sorted.
type Models []Model

var byRoot sync.Map // module root and import path -> *once

type once struct {
	sync.Once
	models Models
}

// Of returns the models of the module under root, read once per process.
// importPath is the import path of root's package; "" reads it from the
// module's go.mod.
func Of(root, importPath string) Models {
	v, _ := byRoot.LoadOrStore(root+"\x00"+importPath, new(once))
	o := v.(*once)
	o.Do(func() { o.models = read(root, importPath) })
	return o.models
}

// Key writes the module's models for the vet driver's tool ID.
func Key(w io.Writer, root string) {
	for _, m := range Of(root, "") {
		fmt.Fprintf(w, "automigrate\x00%s\x00%s\x00", m.Pkg, m.Name)
	}
}

func read(root, modPath string) Models {
	if modPath == "" {
		if content, err := os.ReadFile(filepath.Join(root, "go.mod")); err == nil {
			modPath = modfile.ModulePath(content)
		}
	}
	gormDirs := map[string]bool{}
	gormPkgDirs := map[string]string{} // import path -> directory
	gormPkgs := map[string]bool{}      // the module's packages that import GORM and declare no AutoMigrate of their own
	var candidates []candidate
	for _, p := range sqlcheck.GoFiles(root) {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		content, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		if bytes.Contains(content, []byte(strconv.Quote(gormPath))) {
			gormDirs[filepath.Dir(p)] = true
			if pkg, ok := gofiles.PackagePath(root, modPath, p); ok {
				gormPkgDirs[pkg] = filepath.Dir(p)
			}
		}
		if bytes.Contains(content, []byte("AutoMigrate")) || bytes.Contains(content, []byte("CreateTable")) {
			candidates = append(candidates, candidate{p, content})
		}
	}
	for pkg, dir := range gormPkgDirs {
		if !declaresAutoMigrate(dir, candidates) { // a wrapper's own AutoMigrate is not GORM's
			gormPkgs[pkg] = true
		}
	}
	seen := map[Model]bool{}
	for _, c := range candidates {
		f, err := parser.ParseFile(token.NewFileSet(), c.path, c.content, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		pkg, ok := gofiles.PackagePath(root, modPath, c.path)
		if !ok {
			continue
		}
		r := &reader{pkg: pkg, imports: gofiles.Imports(f), file: f}
		if !gormDirs[filepath.Dir(c.path)] {
			r.gormPkgs = gormPkgs
		}
		for _, m := range r.models() {
			seen[m] = true
		}
	}
	out := make(Models, 0, len(seen))
	for m := range seen {
		out = append(out, m)
	}
	slices.SortFunc(out, func(a, b Model) int {
		if c := strings.Compare(a.Pkg, b.Pkg); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out
}

// A candidate is a file of the module that names AutoMigrate or
// CreateTable.
type candidate struct {
	path    string
	content []byte
}

// Has reports whether the module migrates the type.
func (ms Models) Has(pkg, name string) bool {
	_, ok := slices.BinarySearchFunc(ms, Model{pkg, name}, func(a, b Model) int {
		if c := strings.Compare(a.Pkg, b.Pkg); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return ok
}

type reader struct {
	pkg     string            // the file's package's import path
	imports map[string]string // import name -> path
	file    *ast.File
	// gormPkgs, in a package that does not import GORM, are the module's
	// packages that do: a call counts when its receiver comes from one.
	gormPkgs map[string]bool
}

// models returns the models the file's AutoMigrate and CreateTable calls
// name.
func (r *reader) models() []Model {
	var out []Model
	for _, decl := range r.file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "AutoMigrate" && sel.Sel.Name != "CreateTable" {
				return true
			}
			if r.gormPkgs != nil && !r.fromGormPackage(sel.X, fn.Body) {
				return true
			}
			for i, arg := range call.Args {
				if call.Ellipsis.IsValid() && i == len(call.Args)-1 {
					out = append(out, r.spread(arg, fn.Body)...)
					continue
				}
				if m, ok := r.model(arg); ok {
					out = append(out, m)
				}
			}
			return true
		})
	}
	return out
}

// model reads &T{}, T{}, new(T) and (*T)(nil).
func (r *reader) model(e ast.Expr) (Model, bool) {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	switch e := e.(type) {
	case *ast.CompositeLit:
		return r.typeName(e.Type)
	case *ast.CallExpr:
		if len(e.Args) != 1 {
			return Model{}, false
		}
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "new" {
			return r.typeName(e.Args[0])
		}
		if star, ok := ast.Unparen(e.Fun).(*ast.StarExpr); ok {
			if id, ok := e.Args[0].(*ast.Ident); ok && id.Name == "nil" {
				return r.typeName(star.X)
			}
		}
	}
	return Model{}, false
}

// typeName resolves T or pkg.T.
func (r *reader) typeName(e ast.Expr) (Model, bool) {
	switch e := e.(type) {
	case *ast.Ident:
		return Model{r.pkg, e.Name}, true
	case *ast.SelectorExpr:
		if x, ok := e.X.(*ast.Ident); ok {
			if p, ok := r.imports[x.Name]; ok {
				return Model{p, e.Sel.Name}, true
			}
		}
	}
	return Model{}, false
}

// spread reads the slice spread into the call: a slice literal, or a
// variable of the function or the package assigned one literal and
// nothing else.
func (r *reader) spread(e ast.Expr, body *ast.BlockStmt) []Model {
	e = ast.Unparen(e)
	if id, ok := e.(*ast.Ident); ok {
		lit, ok := r.onlyValue(id.Name, body)
		if !ok {
			return nil
		}
		e = lit
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	if _, ok := lit.Type.(*ast.ArrayType); !ok {
		return nil
	}
	var out []Model
	for _, el := range lit.Elts {
		if m, ok := r.model(el); ok {
			out = append(out, m)
		}
	}
	return out
}

// onlyValue returns the one value a variable of the function body, or
// else of the file's package variables, is given: a second assignment
// (an append, a reassignment) or one from a call of several results
// makes it unknown.
func (r *reader) onlyValue(name string, body *ast.BlockStmt) (ast.Expr, bool) {
	var values []ast.Expr
	assigned := false
	record := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, l := range lhs {
			id, ok := l.(*ast.Ident)
			if !ok || id.Name != name {
				continue
			}
			if len(rhs) != len(lhs) {
				assigned = true
				continue
			}
			values = append(values, rhs[i])
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			record(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			var lhs []ast.Expr
			for _, id := range n.Names {
				lhs = append(lhs, id)
			}
			record(lhs, n.Values)
		}
		return true
	})
	if len(values) == 0 && !assigned {
		for _, decl := range r.file.Decls {
			gd, ok := decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				var lhs []ast.Expr
				for _, id := range vs.Names {
					lhs = append(lhs, id)
				}
				record(lhs, vs.Values)
			}
		}
	}
	if assigned || len(values) != 1 {
		return nil, false
	}
	return values[0], true
}

// fromGormPackage reports whether a receiver is a variable of the function
// whose every assignment is a call of a function of a module package that
// imports GORM (db := conn.NewPostgres(), db, err := store.Open(dsn)).
func (r *reader) fromGormPackage(x ast.Expr, body *ast.BlockStmt) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	found, other := false, false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); !ok || lid.Name != id.Name {
				continue
			}
			var rhs ast.Expr
			switch {
			case len(as.Rhs) == len(as.Lhs):
				rhs = as.Rhs[i]
			case len(as.Rhs) == 1 && i == 0:
				rhs = as.Rhs[0] // the first result of a call of several
			}
			if r.callsGormPackage(rhs) {
				found = true
			} else {
				other = true
			}
		}
		return true
	})
	return found && !other
}

// callsGormPackage reports whether e is a call of pkg.F with pkg a module
// package that imports GORM.
func (r *reader) callsGormPackage(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	x, ok := sel.X.(*ast.Ident)
	return ok && r.gormPkgs[r.imports[x.Name]]
}

// declaresAutoMigrate reports whether a candidate file of the directory
// declares a function or method named AutoMigrate or CreateTable.
func declaresAutoMigrate(dir string, candidates []candidate) bool {
	for _, c := range candidates {
		if filepath.Dir(c.path) != dir {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), c.path, c.content, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && (fd.Name.Name == "AutoMigrate" || fd.Name.Name == "CreateTable") {
				return true
			}
		}
	}
	return false
}
