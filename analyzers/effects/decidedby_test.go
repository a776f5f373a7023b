package effects_test

import (
	"go/ast"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// decidedByProbe reports, at each call of work(), the value its function's
// first parameter has on every way to the call, or "undecided".
var decidedByProbe = &analysis.Analyzer{
	Name:     "decidedbyprobe",
	Doc:      "test probe for effects.DecidedBy",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, isIdent := call.Fun.(*ast.Ident); !isIdent || id.Name != "work" {
					return true
				}
				instr := e.Call(call)
				if instr == nil {
					return true
				}
				p := instr.Parent().Params[0]
				if when, ok := effects.DecidedBy(instr.(ssa.Instruction), p); ok {
					pass.Reportf(call.Pos(), "when %s is %t", p.Name(), when)
				} else {
					pass.Reportf(call.Pos(), "undecided")
				}
				return true
			})
		}
		return nil, nil
	},
}

func TestDecidedBy(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), decidedByProbe, "decidedby")
}
