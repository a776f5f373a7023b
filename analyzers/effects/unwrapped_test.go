package effects_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// unwrapProbe reports, at each call of unwrapsink, the strings the
// nullable wrapper it is given binds (see effects.Unwrapped), or that it
// is not unwrapped (see effects.WrappedStrings).
var unwrapProbe = &analysis.Analyzer{
	Name:     "unwrapprobe",
	Doc:      "test probe for effects.Unwrapped",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "unwrapsink" {
					return true
				}
				vs, ok := e.WrappedStrings(effects.Arg(e.Call(call), 0))
				if !ok {
					pass.Reportf(call.Pos(), "not unwrapped")
					return true
				}
				pass.Reportf(call.Pos(), "%s", describe(vs))
				return true
			})
		}
		return nil, nil
	},
}

// A state inside a wrapper the function builds (pgtype.Text, sql.NullString,
// sql.Null[string]) is the wrapper's value when it says it is valid; one
// whose validity is computed, left out or false, one changed or handed on
// after it was built, and a struct with no Valid flag are not unwrapped.
func TestUnwrapped(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), unwrapProbe, "unwrapped")
}
