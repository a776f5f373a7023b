package effects_test

import (
	"go/ast"
	"regexp"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/effects/testdata/src/quotedshapes"
	"github.com/jobqlint/jobqlint/analyzers/effects/testdata/src/shapes"
)

// shapeValues collects, for every function or method of a package named
// Shape*, what the resolver says each of its return statements gives.
type shapeValues struct {
	mu  sync.Mutex
	got map[string][]effects.Values
}

func (s *shapeValues) analyzer() *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:     "shapeprobe",
		Doc:      "test probe: what effects.Strings says each Shape function returns",
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
					if fn == nil {
						continue
					}
					for _, blk := range fn.Blocks {
						if ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return); ok {
							s.mu.Lock()
							key := pass.Pkg.Name() + "." + decl.Name.Name
							s.got[key] = append(s.got[key], e.Strings(ret.Results[0]))
							s.mu.Unlock()
						}
					}
				}
			}
			return nil, nil
		},
	}
}

// matcher turns one possible value into a pattern of the texts it stands
// for, the unknown value of a field being name (quoted when the value
// quotes it), and a number any integer; field is the name of the field
// the unknown parts must be read from.
func matcher(t *testing.T, v effects.Value, name, field string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^")
	for _, p := range v.Parts {
		s := p.Text
		switch {
		case p.Number:
			b.WriteString(`-?[0-9]+`)
			continue
		case p.Unknown:
			if p.Obj == nil || p.Obj.Name() != field {
				t.Errorf("unknown part %+v: want the value of field %s", p, field)
			}
			s = name
		}
		if p.Quoted {
			s = `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		}
		b.WriteString(regexp.QuoteMeta(s))
	}
	b.WriteString("$")
	return regexp.MustCompile(b.String())
}

// Each shape is run, and what it returns must be one of the values the
// resolver says it may return (with a field's unknown value stood for by
// the name the shape was given); the resolver must know them all.
func TestShapesAgainstGo(t *testing.T) {
	const name = `my"jobs` // a runtime table name, with a quote to escape
	c, q, rd := shapes.NewClient(name), shapes.NewConsumer(name), shapes.NewRenderer(name)
	rl := shapes.NewRelay(name)
	cases := []shapeCase{
		{"ShapeReplacerClaim", c.ShapeReplacerClaim, "table", ""},
		{"ShapeReplacerComplete", c.ShapeReplacerComplete, "table", ""},
		{"ShapeDDLFromField", c.ShapeDDLFromField, "table", ""},
		{"ShapeMigrate", func() string { return shapes.ShapeMigrate(name) }, "", "parameter table of exported ShapeMigrate"},
		{"ShapeReplacerFirstMatch", shapes.ShapeReplacerFirstMatch, "", ""},
		{"ShapeReplacerLongerFirst", shapes.ShapeReplacerLongerFirst, "", ""},
		{"ShapeReplacerEmptyOld", shapes.ShapeReplacerEmptyOld, "", ""},
		{"ShapeReplaceAllEmptyOld", shapes.ShapeReplaceAllEmptyOld, "", ""},
		{"ShapeReplaceCount", shapes.ShapeReplaceCount, "", ""},
		{"ShapeQuoteConst", shapes.ShapeQuoteConst, "", ""},
		{"ShapeQuoteIdentifierConst", shapes.ShapeQuoteIdentifierConst, "", ""},
		{"ShapeQuoteIdentifierNUL", shapes.ShapeQuoteIdentifierNUL, "", ""},
		{"ShapeQuoteIdentifierField", q.ShapeQuoteIdentifierField, "queue", ""},
		{"ShapeSprintf", shapes.ShapeSprintf, "", ""},
		{"ShapeSprintfIndexedPlain", shapes.ShapeSprintfIndexedPlain, "", ""},
		{"ShapeSwitchClaim", shapes.ShapeSwitchClaim, "", ""},
		{"ShapeSwitchOther", shapes.ShapeSwitchOther, "", ""},
		{"ShapeIntCondition", shapes.ShapeIntCondition, "", ""},
		{"ShapeReplacerVarMethodValue", shapes.ShapeReplacerVarMethodValue, "", ""},
		{"ShapeReplacerField", rd.ShapeReplacerField, "table", ""},
		{"ShapeReplacerFieldMethodValue", rd.ShapeReplacerFieldMethodValue, "table", ""},
		{"ShapeSprintfStringer", shapes.ShapeSprintfStringer, "", "which has its own String or Error"},
		{"ShapeReplaceAllParam", rl.ShapeReplaceAllParam, "tableName", ""},
		{"ShapeReplaceParam", rl.ShapeReplaceParam, "tableName", ""},
		{"ShapeReplaceCountParam", rl.ShapeReplaceCountParam, "tableName", ""},
		{"ShapeReplaceEmptyOldParam", rl.ShapeReplaceEmptyOldParam, "tableName", ""},
		{"ShapeReplaceVarTemplate", rl.ShapeReplaceVarTemplate, "tableName", ""},
		{"ShapeReplaceStructLiteral", rl.ShapeReplaceStructLiteral, "tableName", ""},
		{"ShapeReplacerStructLiteral", rl.ShapeReplacerStructLiteral, "tableName", ""},
		{"ShapeReplaceMapTemplate", rl.ShapeReplaceMapTemplate, "tableName", ""},
		{"ShapeMapLocal", shapes.ShapeMapLocal, "", ""},
		{"ShapeMapWritten", shapes.ShapeMapWritten, "", "an element of map writtenTemplates, which is written or passed on"},
		{"ShapeBuilderStraight", shapes.ShapeBuilderStraight, "", ""},
		{"ShapeBuilderBranch", shapes.ShapeBuilderBranch, "", ""},
		{"ShapeBuilderOtherBranch", shapes.ShapeBuilderOtherBranch, "", ""},
		{"ShapeBuilderReset", shapes.ShapeBuilderReset, "", ""},
		{"ShapeBufferField", c.ShapeBufferField, "table", ""},
		{"ShapeBuilderLoop", shapes.ShapeBuilderLoop, "", "a strings.Builder written in a loop"},
		{"ShapeBuilderPassedOn", shapes.ShapeBuilderPassedOn, "", "a strings.Builder passed on"},
		{"ShapeReplaceAllUnstored", func() string { return shapes.ShapeReplaceAllUnstored(name) }, "", "parameter tableName of exported ShapeReplaceAllUnstored"},
	}
	probe := &shapeValues{got: map[string][]effects.Values{}}
	analysistest.Run(t, analysistest.TestData(), probe.analyzer(), "shapes")
	checkShapes(t, probe, "shapes", name, cases)
}

type shapeCase struct {
	shape string
	run   func() string
	field string // the field whose unknown value stands for the runtime name
	hole  string // the hole expected instead, when it must stay unknown
}

// A helper of another package is read from the summary its package
// exports, and gives what the helper itself returns.
func TestShapesAcrossPackages(t *testing.T) {
	const name = `my"jobs`
	cases := []shapeCase{
		{"ShapeQuoteConst", func() string { return "SELECT id FROM " + shapes.Quote(`we"ird`) }, "", ""},
		{"ShapeQuoteIdentifierConst", func() string { return "SELECT 1 FROM " + shapes.QuoteIdentifier("jobs") }, "", ""},
		{"ShapeQuoteIdentifierField", func() string {
			return `UPDATE ` + shapes.QuoteIdentifier(name) + ` SET locked_until = NULL WHERE id = $1`
		}, "queue", ""},
		{"ShapeQuoteField", func() string { return `DELETE FROM ` + shapes.Quote(name) + ` WHERE id = $1` }, "queue", ""},
		{"ShapeSwitchClaim", func() string { return "UPDATE jobs SET state = '" + shapes.StateFor("claim") + "' WHERE id = $1" }, "", ""},
		{"ShapeSwitchOther", func() string { return "UPDATE jobs SET state = '" + shapes.StateFor("crash") + "' WHERE id = $1" }, "", ""},
		{"ShapeQualified", func() string { return "SELECT 1 FROM " + shapes.Qualified("jobs") }, "", ""},
		{"ShapeUnknownArg", func() string { return "" }, "", "parameter name of exported ShapeUnknownArg; the result of shapes.QuoteIdentifier"},
	}
	probe := &shapeValues{got: map[string][]effects.Values{}}
	analysistest.Run(t, analysistest.TestData(), probe.analyzer(), "xshapes")
	checkShapes(t, probe, "xshapes", name, cases)
}

func checkShapes(t *testing.T, probe *shapeValues, pkg, name string, cases []shapeCase) {
	t.Helper()
	n := 0
	for key := range probe.got {
		if strings.HasPrefix(key, pkg+".") {
			n++
		}
	}
	if n != len(cases) {
		t.Errorf("the probe read %d shapes of %s, the test runs %d", n, pkg, len(cases))
	}
	for _, tc := range cases {
		want := tc.run()
		returns, ok := probe.got[pkg+"."+tc.shape]
		if !ok {
			t.Errorf("%s: not read", tc.shape)
			continue
		}
		found := false
		for _, vs := range returns {
			if tc.hole != "" {
				found = found || strings.Contains(vs.Hole, tc.hole)
				continue
			}
			if vs.Hole != "" {
				t.Errorf("%s: hole %q", tc.shape, vs.Hole)
			}
			// A shape picked by a constant gives that one value.
			if len(vs.Set) != 1 {
				t.Errorf("%s: %d values, want the one the shape returns", tc.shape, len(vs.Set))
			}
			for _, v := range vs.Set {
				found = found || matcher(t, v, name, tc.field).MatchString(want)
			}
		}
		if !found {
			t.Errorf("%s returns %q; the resolver says %+v", tc.shape, want, returns)
		}
	}
}

// %q of a name the code is given is the quoted name, whatever the name;
// the methods of a generic type are read as any other's.
func TestSprintfQuotesAName(t *testing.T) {
	const name = "tenant_7"
	cases := []shapeCase{
		{"ShapeSprintfQuoted", quotedshapes.NewStore(name).ShapeSprintfQuoted, "schema", ""},
		{"ShapeGenericMethod", quotedshapes.NewTypedStore[[]byte](name).ShapeGenericMethod, "schema", ""},
	}
	probe := &shapeValues{got: map[string][]effects.Values{}}
	analysistest.Run(t, analysistest.TestData(), probe.analyzer(), "quotedshapes")
	checkShapes(t, probe, "quotedshapes", name, cases)
}
