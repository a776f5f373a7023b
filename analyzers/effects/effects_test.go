package effects_test

import (
	"fmt"
	"go/ast"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// orderProbe reports, at each call of a function named retry, whether it is
// guarded by a comparison of a value named attempts, and whether its
// function makes it on every path.
var orderProbe = &analysis.Analyzer{
	Name:     "orderprobe",
	Doc:      "test probe for effects.Guarded and effects.Unconditional",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		comparesAttempts := func(cond ssa.Value) bool {
			bin, ok := cond.(*ssa.BinOp)
			if !ok || bin.Op == token.NEQ {
				return false
			}
			p, ok := bin.X.(*ssa.Parameter)
			return ok && p.Name() == "attempts"
		}
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "retry" {
					return true
				}
				instr := e.Call(call)
				if instr == nil {
					pass.Reportf(call.Pos(), "no SSA")
					return true
				}
				g := "unguarded"
				if effects.Guarded(instr, comparesAttempts) {
					g = "guarded"
				}
				pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: fmt.Sprintf("%s unconditional=%v", g, effects.Unconditional(instr))})
				return true
			})
		}
		return nil, nil
	},
}

// Guards are judged on the control-flow graph: switch cases, early returns,
// loops and closures, not the enclosing if.
func TestOrder(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), orderProbe, "order")
}

// SSA is built for packages that touch a database, directly or through a
// package of their own that does, and for no others.
func TestOnlyDatabasePackages(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), orderProbe, "nodb", "viastore")
}

// What a string may hold, followed on SSA.
func TestValues(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "values")
}
