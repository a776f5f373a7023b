package effects_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// flowsProbe reports, at each call of a method named Exec, whether its
// first bind argument flows from the result of some call named Query or
// QueryRow in the package.
var flowsProbe = &analysis.Analyzer{
	Name:     "flowsprobe",
	Doc:      "test probe for effects.Flows",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		var sources []ssa.Value
		var execs []*ast.CallExpr
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				switch sel.Sel.Name {
				case "Query", "QueryRow":
					if instr := e.Call(call); instr != nil {
						sources = append(sources, instr.Value())
					}
				case "Exec":
					execs = append(execs, call)
				}
				return true
			})
		}
		for _, call := range execs {
			key := effects.Arg(e.Call(call), 2)
			msg := "not from rows"
			for _, src := range sources {
				if e.Flows(src, key) {
					msg = "from rows"
				}
			}
			pass.Reportf(call.Pos(), "%s", msg)
		}
		return nil, nil
	},
}

func TestFlowsFromRows(t *testing.T) {
	ruletest.Run(t, flowsProbe, "flows")
}
