package maxattempts

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// failsOnceCounted reports whether, after a call that puts the job back,
// its function records a failure under an attempt comparison on the
// call's path: the relay that raises a message's retry count and then,
// if m.RetryCount+1 >= max, marks it failed bounds that retry as surely
// as a guard before the call would.
func failsOnceCounted(pass *analysis.Pass, m *queuemodel.Model, e *judge, call *ast.CallExpr, instr ssa.CallInstruction, retry *types.Func) bool {
	fn, _ := queuemodel.EnclosingFunc(pass, call.Pos())
	if fn == nil {
		return false
	}
	found := false
	ast.Inspect(fn, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if found || !ok || c == call || c.Pos() < call.End() || queuemodel.Callee(pass, c) == retry {
			return !found
		}
		if j := m.JobsOf(c); j == nil || !j.Fails {
			return true
		}
		fail := e.Call(c)
		found = fail != nil && fail.Parent() == instr.Parent() && effects.Before(instr, fail) && effects.Guarded(fail, guardCond(e))
		return !found
	})
	return found
}
