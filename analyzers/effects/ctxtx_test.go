package effects_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// begunProbe reports, at each call of a method named QueryRow or Exec,
// where effects.BegunTx says it runs in a transaction begun in sight: the
// line of each site and of its transaction's Begin, or "none".
var begunProbe = &analysis.Analyzer{
	Name:     "begunprobe",
	Doc:      "test probe for effects.BegunTx",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				sel, ok := call.Fun.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "QueryRow" && sel.Sel.Name != "Exec" {
					return true
				}
				instr := e.Call(call)
				if instr == nil {
					return true
				}
				var sites []string
				for _, s := range e.BegunTx(instr) {
					sites = append(sites, fmt.Sprintf("L%d(begin L%d)", pass.Fset.Position(s.At.Pos()).Line, pass.Fset.Position(s.Tx.Begin.Pos()).Line))
				}
				if len(sites) == 0 {
					sites = []string{"none"}
				}
				pass.Reportf(call.Pos(), "begun %s", strings.Join(sites, " "))
				return true
			})
		}
		return nil, nil
	},
}

// Transactions carried in a context, and helpers reached through
// interfaces whose receiver the package shows.
func TestCtxTx(t *testing.T) {
	ruletest.Run(t, begunProbe, "ctxtxs")
}

// The facts a package exports for its transaction helpers and handle
// getters, read by the packages that call them.
func TestCtxTxFacts(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), effects.Analyzer, "ctxfacts")
}
