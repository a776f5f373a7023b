package sigterm

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// checkShutdown reports the claim loop of a command that never asks to be
// told about SIGTERM.
func checkShutdown(pass *analysis.Pass, m *queuemodel.Model) {
	starts, some := loopStarts(pass, m)
	if len(starts) == 0 || dependencyAsks(pass) {
		return
	}
	call := outermost(pass.Fset, starts)
	what := "starts a claim loop"
	if some[call] {
		what = "starts a claim loop with some implementations of its store"
	}
	pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Message: fmt.Sprintf("%s %s, but this command never handles SIGTERM\nevery deploy kills the worker with a job in hand; "+
			"use signal.NotifyContext(ctx, syscall.SIGTERM), stop claiming when ctx is done, and let the job in hand finish",
			types.ExprString(call.Fun), what),
	})
}

// A loopStart is a call that starts a claim loop, and how many calls of
// the package lie between func main and the function that holds it.
type loopStart struct {
	call  *ast.CallExpr
	depth int
}

// loopStarts returns the package's calls that start a claim loop: a call of
// a function that loops on claims, or a call that claims from inside a loop
// of the command itself; some marks those that claim only with some of the
// implementations of an interface method they call, the others working on
// a store out of sight (a command run with the PostgreSQL store is killed
// mid-job by a deploy all the same). A test file's calls do not count:
// a test or a benchmark that runs the loop is not the command. Calls in package-level variables count too: a CLI
// framework's command is often a variable whose action is a function
// literal (a cli.Command's Action, a cobra.Command's Run).
func loopStarts(pass *analysis.Pass, m *queuemodel.Model) (starts []loopStart, some map[*ast.CallExpr]bool) {
	depth := depthFromMain(pass)
	some = map[*ast.CallExpr]bool{}
	walk := func(n ast.Node, depth int) {
		queuemodel.WalkCalls(n, func(call *ast.CallExpr, inLoop bool) {
			c := m.JobsOf(call)
			switch {
			case (c != nil && (c.Loop || (inLoop && c.Claims))) || (inLoop && m.RunsClaim(call)):
				starts = append(starts, loopStart{call, depth})
			case c != nil && (c.MayLoop || (inLoop && c.MayClaims)):
				starts = append(starts, loopStart{call, depth})
				some[call] = true
			}
		})
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue // a test's or a benchmark's loop is not the command's
		}
		for _, d := range f.Decls {
			switch decl := d.(type) {
			case *ast.FuncDecl:
				if decl.Body == nil {
					continue
				}
				dd, reached := depth[decl]
				if !reached {
					dd = unreached
				}
				walk(decl.Body, dd)
			case *ast.GenDecl:
				if decl.Tok == token.VAR {
					walk(decl, unreached)
				}
			}
		}
	}
	return starts, some
}

// unreached is the depth of a function func main never calls (an init, a
// function only passed as a value, a package-level variable's function
// literal).
const unreached = 1 << 30

// outermost chooses where to report a command's claim loop: the start
// closest to func main (the call in main itself, not a claim two calls
// down), then the first in file name and offset order. token.Pos order is
// no tie-breaker: the standalone driver parses a package's files in
// parallel, so which file gets the lower positions changes from run to run.
func outermost(fset *token.FileSet, starts []loopStart) *ast.CallExpr {
	best := slices.MinFunc(starts, func(a, b loopStart) int {
		if c := cmp.Compare(a.depth, b.depth); c != 0 {
			return c
		}
		pa, pb := fset.Position(a.call.Pos()), fset.Position(b.call.Pos())
		if c := cmp.Compare(pa.Filename, pb.Filename); c != 0 {
			return c
		}
		return cmp.Compare(pa.Offset, pb.Offset)
	})
	return best.call
}

// depthFromMain returns, for each function of the package that func main
// reaches through the package's own calls, the fewest calls it takes
// (0 for main itself; closures count as part of their function).
func depthFromMain(pass *analysis.Pass) map[*ast.FuncDecl]int {
	decls := map[*types.Func]*ast.FuncDecl{}
	var main *ast.FuncDecl
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
				decls[fn] = decl
			}
			if decl.Recv == nil && decl.Name.Name == "main" {
				main = decl
			}
		}
	}
	depth := map[*ast.FuncDecl]int{}
	if main == nil {
		return depth
	}
	depth[main] = 0
	for queue := []*ast.FuncDecl{main}; len(queue) > 0; queue = queue[1:] {
		decl := queue[0]
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok {
				return true
			}
			if next := decls[fn.Origin()]; next != nil {
				if _, seen := depth[next]; !seen {
					depth[next] = depth[decl] + 1
					queue = append(queue, next)
				}
			}
			return true
		})
	}
	return depth
}

// NotifiesSIGTERM marks a function that asks for SIGTERM, itself or
// through the functions it calls: a command that calls a helper such as
// cmdutils.NewInterruptContext() handles SIGTERM as much as one that calls
// signal.NotifyContext itself.
type NotifiesSIGTERM struct{}

func (*NotifiesSIGTERM) AFact()         {}
func (*NotifiesSIGTERM) String() string { return "notifies SIGTERM" }

// handlesSIGTERM reports whether the package asks for SIGTERM anywhere:
// signal.Notify or signal.NotifyContext with syscall.SIGTERM (or with no
// signal list, which means every signal), directly, through a function
// value that holds one of them (a package variable kept for tests, a
// struct field), or through a function that does. It exports
// NotifiesSIGTERM for the package's functions that do, for the commands
// that import them.
func handlesSIGTERM(pass *analysis.Pass, e *effects.Effects) bool {
	notifies := map[*types.Func]bool{}
	asks := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				found = asksForSIGTERM(pass, n, notifies) || valueAsksForSIGTERM(pass, e, n, notifies)
			case *ast.Ident:
				found = refAsks(pass, n, notifies)
			}
			return !found
		})
		return found
	}
	// A helper may call another that asks: repeat until no function is added.
	for changed := true; changed; {
		changed = false
		for _, f := range pass.Files {
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || decl.Body == nil {
					continue
				}
				fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
				if ok && !notifies[fn] && asks(decl.Body) {
					notifies[fn], changed = true, true
				}
			}
		}
	}
	for fn := range notifies {
		if fn.Exported() { // another package reaches the others through these
			pass.ExportObjectFact(fn, &NotifiesSIGTERM{})
		}
	}
	if len(notifies) > 0 {
		return true
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && asks(g) { // a package-level var
				return true
			}
		}
	}
	return false
}

// asksForSIGTERM reports whether a call asks for SIGTERM: signal.Notify or
// signal.NotifyContext with it, or a call of a function that does (one of
// the package's, in notifies, or an imported one with the fact).
func asksForSIGTERM(pass *analysis.Pass, call *ast.CallExpr, notifies map[*types.Func]bool) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return ok && funcAsks(pass, fn, call, notifies)
}

// funcAsks reports whether calling fn with call's arguments asks for
// SIGTERM.
func funcAsks(pass *analysis.Pass, fn *types.Func, call *ast.CallExpr, notifies map[*types.Func]bool) bool {
	if fn.Pkg() == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg().Path() != "os/signal" {
		return notifies[fn] || fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &NotifiesSIGTERM{})
	}
	if fn.Name() != "Notify" && fn.Name() != "NotifyContext" {
		return false
	}
	sigs := call.Args[1:]
	if len(sigs) == 0 || call.Ellipsis.IsValid() {
		return true
	}
	return slices.ContainsFunc(sigs, func(s ast.Expr) bool { return isSIGTERM(pass, s) })
}

// valueAsksForSIGTERM reports whether a call of a function value with
// signal.Notify's or NotifyContext's signature asks for SIGTERM: one of
// the functions the value may hold (followed on SSA) does when called
// with these arguments. (A function literal of the package that asks is
// credited where it is written, as part of its function or variable.) When
// the value cannot be followed, a call that passes SIGTERM is taken to
// ask for it: the tool does not guess a finding from what it cannot see.
func valueAsksForSIGTERM(pass *analysis.Pass, e *effects.Effects, call *ast.CallExpr, notifies map[*types.Func]bool) bool {
	// Only a call of a function value with Notify's shape is followed:
	// that keeps SSA unbuilt in the commands that need none.
	if _, static := typeutil.Callee(pass.TypesInfo, call).(*types.Func); static || !notifyShaped(pass, call) {
		return false
	}
	fns, known := e.Callees(e.Call(call))
	if !known {
		return slices.ContainsFunc(call.Args[1:], func(s ast.Expr) bool { return isSIGTERM(pass, s) })
	}
	for _, fn := range fns {
		if obj, ok := fn.Object().(*types.Func); ok && funcAsks(pass, obj, call, notifies) {
			return true
		}
	}
	return false
}

// refAsks reports whether a name stands for a function of the module that
// asks for SIGTERM (one of the package's, or one with the fact), used as a
// value or called: a graceful-shutdown helper handed to a runner or
// registered as a callback (app.OnStart(shutdown.Listen)) asks for SIGTERM
// when it runs, and the tool does not guess a finding from a value it does
// not follow to its call.
func refAsks(pass *analysis.Pass, id *ast.Ident, notifies map[*types.Func]bool) bool {
	fn, ok := pass.TypesInfo.Uses[id].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() == "os/signal" {
		return false
	}
	fn = fn.Origin()
	return notifies[fn] || fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn, &NotifiesSIGTERM{})
}

// notifyShaped reports whether a call's function takes os.Signal values as
// its last, variadic parameter, as signal.Notify and NotifyContext do.
func notifyShaped(pass *analysis.Pass, call *ast.CallExpr) bool {
	t := pass.TypesInfo.TypeOf(call.Fun)
	if t == nil {
		return false // no type recorded for it
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || !sig.Variadic() || sig.Params().Len() != 2 {
		return false
	}
	last, ok := sig.Params().At(1).Type().(*types.Slice)
	if !ok {
		return false
	}
	named, ok := last.Elem().(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "os" && named.Obj().Name() == "Signal"
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
