package effects_test

import (
	"go/ast"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jmoiron/sqlx"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/effects/testdata/src/namedargs"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// The constants the layer reads for sqlx's :name parameters are the
// values sqlx itself binds there (sqlx.BindNamed, as NamedExec binds on
// PostgreSQL), and it reads none that the shape does not fix.
func TestNamedConstantsAgainstSqlx(t *testing.T) {
	var mu sync.Mutex
	got := map[string]map[int]string{}
	probe := &analysis.Analyzer{
		Name:     "namedprobe",
		Doc:      "test probe: what effects.NamedConstants says each Shape function binds",
		Requires: []*analysis.Analyzer{effects.Analyzer},
		Run: func(pass *analysis.Pass) (any, error) {
			e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					decl, ok := d.(*ast.FuncDecl)
					if !ok || !strings.HasPrefix(decl.Name.Name, "Shape") {
						continue
					}
					fn := e.Func(decl)
					for _, blk := range fn.Blocks {
						ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
						if !ok {
							continue
						}
						vs := e.Strings(ret.Results[0])
						text, ok := vs.Set[0].Text()
						if !vs.Known() || !ok {
							t.Errorf("%s: SQL not read: %+v", decl.Name.Name, vs)
							continue
						}
						_, names := sqltext.Named(text)
						mu.Lock()
						got[decl.Name.Name] = e.NamedConstants(ret, ret.Results[1], names)
						mu.Unlock()
					}
				}
			}
			return nil, nil
		},
	}
	analysistest.Run(t, analysistest.TestData(), probe, "namedargs")

	for _, tc := range []struct {
		shape string
		run   func() (string, any)
		want  int // how many parameters the layer must read
	}{
		{"ShapeLiteral", func() (string, any) { return namedargs.ShapeLiteral(7) }, 3},
		{"ShapeValue", func() (string, any) { return namedargs.ShapeValue(7) }, 2},
		{"ShapeMap", func() (string, any) { return namedargs.ShapeMap(7) }, 3},
		{"ShapeBranch", func() (string, any) { return namedargs.ShapeBranch(7, true) }, 2},
		{"ShapeTwice", func() (string, any) { return namedargs.ShapeTwice(7) }, 2},
		{"ShapePassedOn", func() (string, any) { return namedargs.ShapePassedOn(7) }, 0},
	} {
		consts, ok := got[tc.shape]
		if !ok && tc.want > 0 {
			t.Errorf("%s: not read", tc.shape)
			continue
		}
		if len(consts) != tc.want {
			t.Errorf("%s: the layer reads %d parameters (%v), want %d", tc.shape, len(consts), consts, tc.want)
		}
		sql, arg := tc.run()
		bound, args, err := sqlx.BindNamed(sqlx.DOLLAR, sql, arg)
		if err != nil {
			t.Fatalf("%s: sqlx: %v", tc.shape, err)
		}
		ours, _ := sqltext.Named(sql)
		sqlxParams, ourParams := params(bound), params(ours)
		if len(sqlxParams) != len(ourParams) {
			t.Fatalf("%s: sqlx binds %d parameters (%s), the layer reads %d (%s)", tc.shape, len(sqlxParams), bound, len(ourParams), ours)
		}
		for i, k := range ourParams {
			v, ok := consts[k]
			if !ok {
				continue
			}
			if s, _ := args[sqlxParams[i]-1].(string); s != v {
				t.Errorf("%s: parameter %d: sqlx binds %v, the layer reads %q", tc.shape, i+1, args[sqlxParams[i]-1], v)
			}
		}
	}
}

var dollar = regexp.MustCompile(`\$([0-9]+)`)

// params returns the numbers of the $n parameters of SQL text, in order.
func params(sql string) []int {
	var out []int
	for _, m := range dollar.FindAllStringSubmatch(sql, -1) {
		n, _ := strconv.Atoi(m[1])
		out = append(out, n)
	}
	return out
}
