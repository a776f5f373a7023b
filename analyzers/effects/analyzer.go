package effects

import (
	"go/ast"
	"go/build"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Analyzer builds a package's Effects. It reports nothing itself.
var Analyzer = &analysis.Analyzer{
	Name:             "effects",
	Doc:              "model on SSA what a package's code does to the database (shared by every jobqlint rule)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              run,
	ResultType:       reflect.TypeFor[*Effects](),
	FactTypes:        []analysis.Fact{(*Touches)(nil)},
	RunDespiteErrors: true,
}

// Effects is what a package's code does to the database. Its zero value
// (no SSA) answers every question with "cannot tell".
type Effects struct {
	// Pkg is the package's SSA form; nil when the package touches no
	// database, is not the module's own code, or did not type-check.
	Pkg *ssa.Package

	funcs   map[ast.Node]*ssa.Function
	calls   map[token.Pos]ssa.CallInstruction
	callers map[*ssa.Function][]ssa.CallInstruction

	txs     []*Tx            // the transactions the package begins (tx.go)
	givenMu sync.Mutex       // rules of one package ask at once
	given   map[givenKey]*Tx // the transactions functions are given, as asked for
}

// Touches marks a package of the module that touches a database, itself or
// through a package it imports: its importers get SSA too.
type Touches struct{}

func (*Touches) AFact() {}

func (*Touches) String() string { return "touches a database" }

func run(pass *analysis.Pass) (any, error) {
	e := &Effects{}
	if DependencyCode(pass) || len(pass.TypeErrors) > 0 || !touchesDatabase(pass) {
		return e, nil
	}
	pass.ExportPackageFact(&Touches{})
	e.Pkg = buildSSA(pass.Fset, pass.Pkg, pass.Files, pass.TypesInfo)
	e.funcs = make(map[ast.Node]*ssa.Function)
	e.calls = make(map[token.Pos]ssa.CallInstruction)
	e.index()
	e.txs = e.transactions()
	return e, nil
}

// databaseLibraries are the import paths (and path prefixes, ending in /)
// of the libraries that talk to a database.
var databaseLibraries = []string{
	"database/sql",
	"github.com/jackc/pgx/", "github.com/jackc/pgconn", "github.com/lib/pq",
	"github.com/jmoiron/sqlx", "github.com/uptrace/bun", "gorm.io/gorm",
	"github.com/go-pg/pg/", "github.com/gobuffalo/pop/",
}

// touchesDatabase reports whether a package imports a database library, or
// a package that touches a database.
func touchesDatabase(pass *analysis.Pass) bool {
	for _, imp := range pass.Pkg.Imports() {
		path := imp.Path()
		if slices.ContainsFunc(databaseLibraries, func(lib string) bool {
			return path == strings.TrimSuffix(lib, "/") || strings.HasSuffix(lib, "/") && strings.HasPrefix(path, lib)
		}) {
			return true
		}
		if pass.ImportPackageFact(imp, new(Touches)) {
			return true
		}
	}
	return false
}

// DependencyCode reports whether a package is code the module depends on
// rather than its own: the standard library, or a package of a required
// module (a module with a version; the main module and the modules of a
// go.work, or of a replace by a directory, have none). jobqlint judges the
// module's code: a library's functions are never its wrappers or claim
// loops, and skipping them keeps go vet's dependency runs cheap. Both
// drivers agree: standalone loads these packages from export data.
func DependencyCode(pass *analysis.Pass) bool {
	if pass.Module != nil && pass.Module.Version != "" {
		return true
	}
	if pass.Module != nil && pass.Module.Path != "" {
		return false
	}
	goroot := build.Default.GOROOT
	if goroot == "" || len(pass.Files) == 0 {
		return false
	}
	name := pass.Fset.File(pass.Files[0].Pos()).Name()
	return strings.HasPrefix(name, filepath.Join(goroot, "src")+string(filepath.Separator))
}

// sortedCalls returns the indexed calls in position order, so that what is
// built from them does not depend on map order.
func (e *Effects) sortedCalls() []ssa.CallInstruction {
	out := make([]ssa.CallInstruction, 0, len(e.calls))
	for _, c := range e.calls {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b ssa.CallInstruction) int { return int(a.Common().Pos() - b.Common().Pos()) })
	return out
}
