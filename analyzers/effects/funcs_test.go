package effects_test

import (
	"go/ast"
	"go/types"
	"sort"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// calleesProbe reports, at each call of a function value (a variable or a
// field, not a declared function), the functions it may run, sorted and
// separated by |, and "?" when some value stays out of sight.
var calleesProbe = &analysis.Analyzer{
	Name:     "calleesprobe",
	Doc:      "test probe for effects.Callees",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || !funcValue(pass, call.Fun) {
					return true
				}
				fns, known := e.Callees(e.Call(call))
				var names []string
				for _, fn := range fns {
					names = append(names, fn.String())
				}
				sort.Strings(names)
				if !known {
					names = append(names, "?")
				}
				pass.Reportf(call.Pos(), "calls %s", strings.Join(names, "|"))
				return true
			})
		}
		return nil, nil
	},
}

func funcValue(pass *analysis.Pass, fun ast.Expr) bool {
	var id *ast.Ident
	switch fun := fun.(type) {
	case *ast.Ident:
		id = fun
	case *ast.SelectorExpr:
		id = fun.Sel
	default:
		return false
	}
	_, isVar := pass.TypesInfo.Uses[id].(*types.Var)
	return isVar
}

// The functions a function value may hold, followed on SSA.
func TestCallees(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), calleesProbe, "callees")
}

// receiverProbe reports, at each method call through an interface, the
// concrete types its receiver may hold, or "?".
var receiverProbe = &analysis.Analyzer{
	Name:     "receiverprobe",
	Doc:      "test probe for effects.ReceiverTypes",
	Requires: []*analysis.Analyzer{effects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				c := e.Call(call)
				if c == nil || !c.Common().IsInvoke() {
					return true
				}
				ts, known := e.ReceiverTypes(c)
				var names []string
				for _, t := range ts {
					names = append(names, t[strings.LastIndex(t, "/")+1:])
				}
				switch {
				case !known:
					pass.Reportf(call.Pos(), "on ?")
				case len(names) == 0:
					pass.Reportf(call.Pos(), "on nothing")
				default:
					pass.Reportf(call.Pos(), "on %s", strings.Join(names, "|"))
				}
				return true
			})
		}
		return nil, nil
	},
}

// The concrete types an interface receiver may hold, followed on SSA and,
// through constructors of another package, through their facts.
func TestReceiverTypes(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), receiverProbe, "recvlib", "recvtypes")
}
