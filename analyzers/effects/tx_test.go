package effects_test

import (
	"fmt"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// txProbe reports, at each call of a method named Exec, the kind of the
// value it runs on, the transaction it runs in (the line of its Begin,
// "given" for one the function is given, "none"), the transaction's
// isolation level, and whether the previous Exec of its function (if any)
// runs in the same transaction.
var txProbe = &analysis.Analyzer{
	Name:     "txprobe",
	Doc:      "test probe for effects.HandleOf, TxOf and SameTx",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			var prev *ast.CallExpr
			var prevFn ast.Node
			ast.Inspect(f, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.FuncDecl:
					prev, prevFn = nil, n
				case *ast.CallExpr:
					sel, ok := n.Fun.(*ast.SelectorExpr)
					if !ok || sel.Sel.Name != "Exec" {
						return true
					}
					instr := e.Call(n)
					if instr == nil {
						pass.Reportf(n.Pos(), "no SSA")
						return true
					}
					msg := []string{"on " + effects.HandleOf(instr).Kind.String()}
					switch t := e.TxOf(instr); {
					case t == nil:
						msg = append(msg, "tx none")
					case t.Begin == nil:
						msg = append(msg, "tx given")
					default:
						msg = append(msg, fmt.Sprintf("tx L%d %s", pass.Fset.Position(t.Begin.Pos()).Line, t.Isolation))
					}
					if prev != nil && prevFn != nil {
						msg = append(msg, fmt.Sprintf("same=%v", e.SameTx(e.Call(prev), instr)))
					}
					prev = n
					pass.Reportf(n.Pos(), "%s", strings.Join(msg, " "))
				}
				return true
			})
		}
		return nil, nil
	},
}

// Handles keep their identity through variables, fields, closures and
// sqlc's New/WithTx; a transaction is open where it is begun on every path
// and ended on none; isolation levels are read from the options.
func TestTransactions(t *testing.T) {
	ruletest.Run(t, txProbe, "txs", "buntxs", "gopgtxs", "poptx")
}

// A helper of the package that, like pgx.BeginFunc, runs a function in a
// transaction it begins and rolls back on the function's error.
func TestCallbackTransactions(t *testing.T) {
	ruletest.Run(t, txProbe, "callbacktx")
}

// GORM's Begin and Transaction begin transactions; a chain of builder
// calls runs on the *gorm.DB it starts from.
func TestGormTransactions(t *testing.T) {
	ruletest.Run(t, txProbe, "gormtxs")
}
