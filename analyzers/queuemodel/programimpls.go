package queuemodel

import (
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Which implementations the program runs against PostgreSQL.
//
// A call through an interface stands for the implementations in sight
// (see dispatch.go), and a rule judges it only where they agree. Beside
// the PostgreSQL store, a module often holds implementations that the
// program never runs against PostgreSQL: a test double kept in a non-test
// package (testutil.FakeStore, mocks.Store, a type named Fake*, Mock*,
// Stub*), the same store for another engine (a MySQL or SQLite
// wrapper over sqlc code generated for that engine), or a driver whose
// method only answers that it is not supported. jobqlint checks the
// PostgreSQL program: such an implementation does not count when at least
// one other does, so that the PostgreSQL store's claim is judged as
// itself. Implementations that are PostgreSQL code and disagree still
// leave the call unjudged, and an in-memory store a command may run
// (memstore.Store, for local runs) still counts here (see Impl.InMemory
// for the rules that set it aside).

// NotPostgres is the object fact on a method, of a named type of the
// package that declares it, that the program does not run against
// PostgreSQL, for a reason its body shows (see bodyNotPostgres): an
// importer that lists the implementation from the exported type has no
// body to look at.
type NotPostgres struct{ Why string }

func (*NotPostgres) AFact() {}

func (f *NotPostgres) String() string { return "notpostgres(" + f.Why + ")" }

// programImpls returns the implementations of ims the program runs
// against PostgreSQL (those whose NotPostgres is empty), or ims when
// none is.
func programImpls(ims []Impl) []Impl {
	var out []Impl
	for _, im := range ims {
		if im.NotPostgres == "" {
			out = append(out, im)
		}
	}
	if len(out) == 0 {
		return ims
	}
	return out
}

// notPostgres says why the program does not run fn, the method of type tn
// that implements an interface, against PostgreSQL, or "": from the names
// of the type and its package, and from fn's body (this package's own,
// or the NotPostgres fact of the package that declares it).
func (g *callGraph) notPostgres(tn *types.TypeName, fn *types.Func) string {
	key := typeMethod{tn, fn}
	if why, ok := g.notPG[key]; ok {
		return why
	}
	if g.notPG == nil {
		g.notPG = map[typeMethod]string{}
	}
	why := notPostgresOf(g.pass, g.decls, tn, fn)
	g.notPG[key] = why
	return why
}

// A typeMethod is a method of a named type, promoted or its own.
type typeMethod struct {
	tn *types.TypeName
	fn *types.Func
}

func notPostgresOf(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, tn *types.TypeName, fn *types.Func) string {
	if why := namedNotPostgres(pass, tn); why != "" {
		return why
	}
	if fn == nil || fn.Pkg() == nil {
		return ""
	}
	if fn.Pkg() == pass.Pkg {
		if tn.Pkg() == pass.Pkg && otherEngine(strings.TrimSuffix(filepath.Base(pass.Fset.Position(tn.Pos()).Filename), ".go")) {
			return "another engine's"
		}
		return bodyNotPostgres(pass.TypesInfo, decls[fn])
	}
	var f NotPostgres
	if pass.ImportObjectFact(fn.Origin(), &f) {
		return f.Why
	}
	return ""
}

// exportNotPostgres states NotPostgres on the package's methods whose
// bodies show that the program does not run them against PostgreSQL.
func (g *callGraph) exportNotPostgres() {
	for fn, decl := range g.decls {
		sig := fn.Type().(*types.Signature)
		if sig.Recv() == nil || !fn.Exported() {
			continue
		}
		why := bodyNotPostgres(g.pass.TypesInfo, decl)
		if named := namedOf(sig.Recv().Type()); why == "" && named != nil && otherEngine(strings.TrimSuffix(filepath.Base(g.pass.Fset.Position(named.Obj().Pos()).Filename), ".go")) {
			why = "another engine's"
		}
		if why != "" {
			g.pass.ExportObjectFact(fn, &NotPostgres{Why: why})
		}
	}
}

// namedNotPostgres says why the names show that the program does not run
// tn against PostgreSQL: it is a test double (its name starts with Fake,
// Mock, Stub, Dummy or Spy; a Noop store is one a command runs, with the
// feature off; its package is a mock, fake or
// stub package, or one of test helpers), or it is another engine's (the
// type or an element of its package's path names MySQL, SQLite, SQL
// Server, Oracle or ClickHouse).
func namedNotPostgres(pass *analysis.Pass, tn *types.TypeName) string {
	if doubleName(tn.Name()) || tn.Pkg() != nil && doublePackage(tn.Pkg().Name()) {
		return "a test double"
	}
	if otherEngine(tn.Name()) {
		return "another engine's"
	}
	if tn.Pkg() != nil {
		// The module's own path names no engine of its packages
		// (github.com/acme/mysql-to-postgres).
		p := tn.Pkg().Path()
		if pass.Module != nil && pass.Module.Path != "" {
			p = strings.TrimPrefix(strings.TrimPrefix(p, pass.Module.Path), "/")
		}
		if slices.ContainsFunc(strings.Split(p, "/"), otherEngine) {
			return "another engine's"
		}
	}
	return ""
}

// doubleName reports whether a type's name says it is a test double: it
// starts with one of the words below, followed by an upper-case letter
// or nothing (FakeStore, fakeStore, Mock, but not Fakery or Stubborn).
func doubleName(name string) bool {
	lower := strings.ToLower(name)
	for _, w := range []string{"fake", "mock", "stub", "dummy", "spy"} {
		if !strings.HasPrefix(lower, w) {
			continue
		}
		rest := name[len(w):]
		if rest == "" {
			return true
		}
		r, _ := utf8.DecodeRuneInString(rest)
		if unicode.IsUpper(r) || r == '_' {
			return true
		}
	}
	return false
}

// doublePackage reports whether a package's name says it holds test
// doubles or test helpers: mock, mocks, mock_store (gomock), fake,
// fakes, stub, stubs, testutil, testutils, testhelper(s), testing
// helpers (storetest, pgtesting).
func doublePackage(name string) bool {
	switch name {
	case "mock", "mocks", "fake", "fakes", "stub", "stubs", "testutil", "testutils", "testhelper", "testhelpers", "testsupport", "testdouble", "testdoubles":
		return true
	}
	return strings.HasPrefix(name, "mock_") || strings.HasSuffix(name, "mocks") || strings.HasSuffix(name, "fakes") ||
		strings.HasSuffix(name, "testing") || len(name) > len("test") && strings.HasSuffix(name, "test") && name != "latest"
}

// otherEngine reports whether a name (of a type, a file, or an element of
// an import path) names a database engine other than PostgreSQL:
// MysqlDatabase, db-sqlite, store_mysql, go-sql-driver/mysql.
func otherEngine(name string) bool {
	lower := strings.ToLower(name)
	for _, e := range []string{"mysql", "sqlite", "mssql", "sqlserver", "clickhouse", "mariadb"} {
		if strings.Contains(lower, e) {
			return true
		}
	}
	return false
}

// bodyNotPostgres says why a method's body shows that the program does
// not run it against PostgreSQL, or "": it calls a function of another
// engine's package (sqlc's queries generated for MySQL in a package
// db-mysql, a SQLite driver) and none of a PostgreSQL one (a method that
// picks its engine's queries at run time is the PostgreSQL store too), or
// it only answers that it is not supported (its body is one return of an
// error value made by errors.New, fmt.Errorf or a composite literal, and
// zero values).
func bodyNotPostgres(info *types.Info, decl *ast.FuncDecl) string {
	if decl == nil || decl.Body == nil {
		return ""
	}
	other, postgres := false, false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if fn, ok := typeutil.Callee(info, call).(*types.Func); ok && fn.Pkg() != nil {
				els := strings.Split(fn.Pkg().Path(), "/")
				other = other || slices.ContainsFunc(els, otherEngine)
				postgres = postgres || slices.ContainsFunc(els, namesPostgres)
			}
		}
		return true
	})
	if other && !postgres {
		return "another engine's"
	}
	if unsupported(info, decl) {
		return "unsupported"
	}
	return ""
}

// namesPostgres reports whether an element of an import path names
// PostgreSQL or one of its drivers: db-psql, postgres, pgx, pq.
func namesPostgres(el string) bool {
	lower := strings.ToLower(el)
	return strings.Contains(lower, "postgres") || strings.Contains(lower, "psql") || strings.Contains(lower, "pgx") ||
		lower == "pg" || lower == "pq" || strings.HasPrefix(lower, "pg") && len(lower) <= 4
}

// unsupported reports whether a method's body only returns an error that
// it makes itself (errors.New, fmt.Errorf, a composite literal, a
// package-level error variable) beside zero values: a driver's "not
// supported" answer, which runs no statement.
func unsupported(info *types.Info, decl *ast.FuncDecl) bool {
	if len(decl.Body.List) != 1 {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) == 0 {
		return false
	}
	last := ret.Results[len(ret.Results)-1]
	errType := types.Universe.Lookup("error").Type()
	if tv, ok := info.Types[last]; !ok || tv.IsNil() || !types.Implements(tv.Type, errType.Underlying().(*types.Interface)) {
		return false
	}
	for _, r := range ret.Results[:len(ret.Results)-1] {
		if !zeroValue(info, r) {
			return false
		}
	}
	return madeError(info, last)
}

// zeroValue reports whether e is nil, a zero constant, or an empty
// composite literal.
func zeroValue(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return true
	}
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		switch tv.Value.String() {
		case "0", "false", `""`:
			return true
		}
		return false
	}
	if cl, ok := e.(*ast.CompositeLit); ok {
		return len(cl.Elts) == 0
	}
	if u, ok := e.(*ast.UnaryExpr); ok {
		return zeroValue(info, u.X)
	}
	return false
}

// madeError reports whether e is an error value made in place or held by
// a package-level variable: errors.New(...), fmt.Errorf(...), a composite
// literal of constants, &T{...}, ErrNotSupported.
func madeError(info *types.Info, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(info, e).(*types.Func)
		if !ok || fn.Pkg() == nil || !(fn.Pkg().Path() == "errors" && fn.Name() == "New" || fn.Pkg().Path() == "fmt" && fn.Name() == "Errorf") {
			return false
		}
		for _, a := range e.Args {
			if tv, ok := info.Types[a]; !ok || tv.Value == nil {
				return false
			}
		}
		return true
	case *ast.UnaryExpr:
		return madeError(info, e.X)
	case *ast.CompositeLit:
		for _, el := range e.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if tv, ok := info.Types[el]; !ok || tv.Value == nil {
				return false
			}
		}
		return true
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	case *ast.SelectorExpr:
		v, ok := info.Uses[e.Sel].(*types.Var)
		return ok && v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
	}
	return false
}
