package queuemodel

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/internal/fuzzseed"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// FuzzResolve runs the queue model on a small generated package whose one
// SQL call site holds the fuzzed text in one of the ways Go code builds SQL
// (literals, constants, variables, concatenation, a wrapper, a call that
// makes it dynamic), or, in the last form, the fuzzed text as the Go
// expression itself. The package is type-checked with go/types and the
// analyzer runs on it as go vet would run it, without loading anything
// from disk. The resolved SQL must be the text the Go code makes, or
// unknown where the code makes it dynamic, and it must be parsed as
// sqlcheck parses it.
func FuzzResolve(f *testing.F) {
	for i, s := range fuzzseed.SQL("testdata", "../../testdata", "..") {
		f.Add(s, "", uint8(i))
	}
	f.Add("SELECT 1 ", "FROM jobs", uint8(formExpr))
	f.Add(`"SELECT " + "1"`, "", uint8(formExpr))
	f.Add(`x + "a"`, "", uint8(formExpr))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, a, b string, form uint8) {
		src, want, known := generate(a, b, form%numForms)
		m, typeErrs := analyzeSource(t, filepath.Join(dir, "p.go"), src)
		if form%numForms != formExpr && len(typeErrs) > 0 {
			t.Fatalf("generated code does not type-check: %v\n%s", typeErrs[0], src)
		}
		if m == nil {
			return // not Go syntax (formExpr only)
		}
		if len(m.Calls) != 1 {
			t.Fatalf("%d SQL call sites, want 1:\n%s", len(m.Calls), src)
		}
		c := m.Calls[0]
		if form%numForms == formExpr {
			want, known = c.SQL, c.Known // checked below against the parser only
		} else if known && statementName.MatchString(want) {
			known = false // pgx runs a prepared statement of that name
		}
		if c.Known != known || known && c.SQL != want {
			t.Fatalf("resolved (%v, %q), want (%v, %q):\n%s", c.Known, c.SQL, known, want, src)
		}
		if !known {
			if len(c.Stmts) > 0 || c.ParseErr != nil {
				t.Fatalf("unknown SQL was parsed:\n%s", src)
			}
			return
		}
		raws, errs := sqlcheck.Parse(want)
		if len(errs) > 0 {
			// SQL written with ? parameters is read with them as $n.
			if q, ok := sqltext.Positional(want); ok {
				if r, e := sqlcheck.Parse(q); len(e) == 0 {
					raws, errs = r, e
				}
			}
		}
		n := 0
		for _, raw := range raws {
			if sqlcheck.Facts(raw) != nil {
				n++
			}
		}
		if len(c.Stmts) != n || (c.ParseErr != nil) != (len(errs) > 0) {
			t.Fatalf("call has %d statements (error %v), sqlcheck finds %d (%d errors)", len(c.Stmts), c.ParseErr, n, len(errs))
		}
	})
}

const (
	formConcat   = iota // db.Exec("a" + "b")
	formConst           // const q = "a"; db.Exec(q + "b")
	formVarOnce         // x := "a"; q := x + "b"; db.Exec(q)
	formVarTwice        // q := "a"; q += "b"; db.Exec(q): straight-line code
	formBranch          // q := "a"; if ... { q += "b" }; db.Exec(q): dynamic
	formRaw             // db.Exec(`a` + "b")
	formCall            // db.Exec(build("a", "b")), build returning a + b: a helper read with its arguments
	formWrapper         // run(db, "a" + "b"), run passing its parameter to Exec
	formExpr            // db.Exec(a), a being Go source
	numForms
)

// generate returns a package with one SQL call site built from a and b in
// the given form, the SQL it runs, and whether that SQL is certain.
func generate(a, b string, form uint8) (src, sql string, known bool) {
	qa, qb := strconv.Quote(a), strconv.Quote(b)
	var decls, body string
	sql, known = a+b, true
	switch form {
	case formConcat:
		body = "db.Exec(" + qa + " + " + qb + ")"
	case formConst:
		decls = "const q = " + qa
		body = "db.Exec(q + " + qb + ")"
	case formVarOnce:
		body = "x := " + qa + "\n\tq := x + " + qb + "\n\tdb.Exec(q)"
	case formVarTwice:
		body = "q := " + qa + "\n\tq += " + qb + "\n\tdb.Exec(q)"
	case formBranch:
		body = "q := " + qa + "\n\tif len(q) > 1 {\n\t\tq += " + qb + "\n\t}\n\tdb.Exec(q)"
		known = false
	case formRaw:
		ra := qa
		// A raw string holds any UTF-8 but a backquote; Go drops its
		// carriage returns and rejects NUL.
		if utf8.ValidString(a) && !strings.ContainsAny(a, "`\r\x00\ufeff") {
			ra = "`" + a + "`"
		}
		body = "db.Exec(" + ra + " + " + qb + ")"
	case formCall:
		body = "db.Exec(build(" + qa + ", " + qb + "))"
	case formWrapper:
		decls = "func run(db DB, q string) { db.Exec(q) }"
		body = "run(db, " + qa + " + " + qb + ")"
	case formExpr:
		body = "db.Exec(" + a + ")"
		known = false
	}
	src = fmt.Sprintf(`package p

type DB interface {
	Exec(sql string, args ...any) (int64, error)
	Query(sql string, args ...any) (any, error)
	QueryRow(sql string, args ...any) any
}

func build(a, b string) string { return a + b }

%s

func f(db DB) {
	%s
}
`, decls, body)
	return src, sql, known
}

// analyzeSource type-checks src as the only file of package p, then runs
// the analyzer on it as a driver would. It returns nil when src is not Go.
func analyzeSource(t *testing.T, path, src string) (*Model, []error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, nil
	}
	files := []*ast.File{file}
	info := &types.Info{
		Types:      make(map[ast.Expr]types.TypeAndValue),
		Defs:       make(map[*ast.Ident]types.Object),
		Uses:       make(map[*ast.Ident]types.Object),
		Implicits:  make(map[ast.Node]types.Object),
		Selections: make(map[*ast.SelectorExpr]*types.Selection),
		Scopes:     make(map[ast.Node]*types.Scope),
		Instances:  make(map[*ast.Ident]types.Instance),
	}
	var typeErrs []error
	conf := types.Config{Error: func(err error) { typeErrs = append(typeErrs, err) }}
	pkg, _ := conf.Check("p", fset, files, info) // like go vet's RunDespiteErrors
	pass := &analysis.Pass{
		Analyzer:          Analyzer,
		Fset:              fset,
		Files:             files,
		Pkg:               pkg,
		TypesInfo:         info,
		TypesSizes:        types.SizesFor("gc", "amd64"),
		ResultOf:          map[*analysis.Analyzer]any{inspect.Analyzer: inspector.New(files)},
		Report:            func(analysis.Diagnostic) {},
		ImportObjectFact:  func(types.Object, analysis.Fact) bool { return false },
		ExportObjectFact:  func(types.Object, analysis.Fact) {},
		ImportPackageFact: func(*types.Package, analysis.Fact) bool { return false },
		ExportPackageFact: func(analysis.Fact) {},
		AllObjectFacts:    func() []analysis.ObjectFact { return nil },
		AllPackageFacts:   func() []analysis.PackageFact { return nil },
	}
	res, err := Analyzer.Run(pass)
	if err != nil {
		t.Fatalf("analyzer: %v", err)
	}
	return res.(*Model), typeErrs
}
