package lease

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// checkShutdown reports a main package that starts a claim loop and never
// asks to be told about SIGTERM.
func checkShutdown(pass *analysis.Pass, m *queuemodel.Model) {
	if handlesSIGTERM(pass) {
		return
	}
	// A claim loop starts at a call of a function that loops on claims, or
	// at a call that claims from inside a loop of the command itself.
	var starts []*ast.CallExpr
	for _, f := range pass.Files {
		queuemodel.WalkCalls(f, func(call *ast.CallExpr, inLoop bool) {
			if c := m.JobsOf(call); (c != nil && (c.Loop || (inLoop && c.Claims))) || (inLoop && m.RunsClaim(call)) {
				starts = append(starts, call)
			}
		})
	}
	if len(starts) == 0 {
		return
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i].Pos() < starts[j].Pos() })
	call := starts[0]
	name := types.ExprString(call.Fun)
	pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Message: fmt.Sprintf("%s starts a claim loop, but this command never handles SIGTERM: every deploy kills the worker with a job in hand; "+
			"use signal.NotifyContext(ctx, syscall.SIGTERM), stop claiming when ctx is done, and let the job in hand finish", name),
	})
}

// handlesSIGTERM reports whether the package asks for SIGTERM:
// signal.Notify or signal.NotifyContext with syscall.SIGTERM (or with no
// signal list, which means every signal).
func handlesSIGTERM(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os/signal" {
				return true
			}
			if fn.Name() != "Notify" && fn.Name() != "NotifyContext" {
				return true
			}
			sigs := call.Args[1:]
			if len(sigs) == 0 || call.Ellipsis.IsValid() {
				found = true
			}
			for _, s := range sigs {
				if isSIGTERM(pass, s) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// isSIGTERM reports whether e is the constant SIGTERM (15) of syscall or
// golang.org/x/sys/unix.
func isSIGTERM(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := tv.Type.(*types.Named)
	return ok && named.Obj().Name() == "Signal" && tv.Value.String() == "15"
}
