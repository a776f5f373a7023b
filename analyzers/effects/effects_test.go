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

// SSA is built on the first question: a package nobody asks about costs
// nothing.
func TestBuiltOnDemand(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), builtProbe, "untouched")
}

// builtProbe asks nothing, and reports whether SSA was built all the same.
var builtProbe = &analysis.Analyzer{
	Name:     "builtprobe",
	Doc:      "test probe for effects' lazy build",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				pass.Reportf(d.Pos(), "built=%v", e.Built())
			}
		}
		return nil, nil
	},
}

// commitProbe reports, at each call whose first argument is "claim",
// whether its transaction commits before any work.
var commitProbe = &analysis.Analyzer{
	Name:     "commitprobe",
	Doc:      "test probe for effects.CommitsBeforeWork",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) == 0 {
					return true
				}
				if lit, ok := call.Args[0].(*ast.BasicLit); !ok || lit.Value != `"claim"` {
					return true
				}
				pass.Reportf(call.Pos(), "commits first=%v", effects.CommitsBeforeWork(e.Call(call)))
				return true
			})
		}
		return nil, nil
	},
}

// A transaction protects a claim only while it is open: one committed
// before the work, in the claim's function, protects nothing.
func TestCommitsBeforeWork(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), commitProbe, "commit")
}

// What a string may hold, followed on SSA.
func TestValues(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "values")
}

// What integer constants an argument may hold, each named by the constant
// of its type that has its value.
func TestInts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "ints")
}

// An exported package variable of a string type that another package of
// the module gives a constant in its declaration and assigns nowhere else
// reads as that constant (its ConstVar fact); one assigned again, whose
// address is taken, given no constant, or assigned by the package that
// reads it, stays unknown.
func TestConstVarsOfAnotherPackage(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "constvars/use")
}

// A value a test file gives a helper's parameter is left out when the
// program calls the helper too (testcallers).
func TestTestCallersLeftOut(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), valuesProbe, "testcallers")
}
