package effects

import (
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// NoWork is the fact that a function does nothing that could be a job's
// work, itself or through the functions it calls: every call it makes that
// may fail (its last result is an error) is the standard library's (but
// what reaches out of the process: net/http, os/exec...), a database
// library's, made on a database handle, or of a function of the module
// that does no work either; none of them goes through a function value or
// an interface of the module (but a row's Scan), and no goroutine it
// starts may do work, whether or not it may fail. A store's method that
// runs its SQL, reading the clock through a field (s.now()), does none; a
// worker's handler, called through a function value, is out of sight and
// may. A call that cannot fail (a clock, a logger) says nothing of the
// work. It is a package fact naming the package's exported functions that
// do no work (funcset.go).
type NoWork struct{ Funcs funcSet }

func (*NoWork) AFact() {}

func (f *NoWork) String() string { return "nowork " + f.Funcs.String() }

// WorkAnalyzer summarizes which functions of a package do no work (see
// NoWork); the effects Analyzer reads its result.
var WorkAnalyzer = &analysis.Analyzer{
	Name:             "effectswork",
	Doc:              "summarize which functions of a package do none of a job's work (shared by every jobqlint rule through effects)",
	URL:              "https://github.com/jobqlint/jobqlint",
	Run:              runWork,
	ResultType:       reflect.TypeFor[*Idle](),
	FactTypes:        []analysis.Fact{(*NoWork)(nil)},
	RunDespiteErrors: true,
}

// Idle is what the summaries say of the functions a package declares or
// imports: which do no work.
type Idle struct {
	idle *funcSummary
}

// DoesNoWork reports whether a function of the package, or of another
// package of the module, is known to do no work (see NoWork).
func (w *Idle) DoesNoWork(fn *types.Func) bool {
	return w != nil && w.idle.holds(fn)
}

func runWork(pass *analysis.Pass) (any, error) {
	c := &Idle{}
	if DependencyCode(pass) || !typedCode(pass) {
		return c, nil
	}
	c.idle = importFuncSets(pass, func(f analysis.Fact) (funcSet, bool) {
		if w, ok := f.(*NoWork); ok {
			return w.Funcs, true
		}
		return nil, false
	})
	summarizeWork(pass, c)
	return c, nil
}

// summarizeWork finds the package's functions that do no work, and exports
// the fact for the exported ones.
func summarizeWork(pass *analysis.Pass, c *Idle) {
	idle := quietFuncs(pass, func(x ast.Node) (*types.Func, bool) {
		switch x := x.(type) {
		case *ast.GoStmt:
			return classifyWork(pass, c, x.Call, true)
		case *ast.CallExpr:
			return classifyWork(pass, c, x, false)
		}
		return nil, false
	})
	for _, fn := range idle {
		c.idle.local[fn] = true
	}
	if exported := newFuncSet(idle); len(exported) > 0 {
		pass.ExportPackageFact(&NoWork{Funcs: exported})
	}
}

// classifyWork says what a call of a function of the package depends on
// (local: its callee), or whether the call itself may be work (see
// NoWork). A call started by a go statement (started) is work whether or
// not it may fail.
func classifyWork(pass *analysis.Pass, c *Idle, call *ast.CallExpr, started bool) (local *types.Func, works bool) {
	info := pass.TypesInfo
	fun := ast.Unparen(call.Fun)
	if tv, ok := info.Types[fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return nil, false
	}
	if _, ok := fun.(*ast.FuncLit); ok && !started {
		return nil, false // its body is part of the function's, read with it
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil && fn.Pkg() != nil && standardLibrary(fn.Pkg().Path()) {
		return nil, reachesOut(fn.Pkg().Path()) && (started || mayFail(info.TypeOf(call)))
	}
	if !started && !mayFail(info.TypeOf(call)) {
		return nil, false
	}
	if fn == nil {
		return nil, true // a function value: out of sight
	}
	if recv := fn.Signature().Recv(); recv != nil {
		if dbLike(recv.Type()) {
			return nil, false // a statement on a handle, also an interface of the module (sqlc's DBTX)
		}
		if types.IsInterface(recv.Type()) {
			return nil, !DatabaseLibrary(fn.Pkg().Path()) && !rowScan(fn)
		}
	}
	switch pkg := fn.Pkg(); {
	case pkg == nil || DatabaseLibrary(pkg.Path()):
		return nil, false
	case pkg == pass.Pkg:
		return fn.Origin(), false
	case InModule(pass, pkg):
		return nil, !c.DoesNoWork(fn)
	}
	return nil, true // another library's: an HTTP client, a mailer
}

// reachesOut reports whether a package of the standard library reaches
// outside the process, where a job's work may be done: an HTTP request, a
// mail, a command run, a file written (net/..., os/..., io/...). Its other
// packages (formatting, errors, time, encoding, database/sql) do none.
func reachesOut(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	switch first {
	case "net", "os", "io", "syscall", "plugin":
		return true
	}
	return false
}

// mayFail reports whether a call's result type ends in an error.
func mayFail(t types.Type) bool {
	switch t := t.(type) {
	case nil:
		return false
	case *types.Tuple:
		return t.Len() > 0 && isErrorType(t.At(t.Len()-1).Type())
	}
	return isErrorType(t)
}

// MayDoWork reports whether a call may run a job's work: it starts a
// goroutine (but the standard library's), or it may fail and is none of
// a call of the standard library (but what reaches out of the process),
// of a database library, on a database handle, or of a function of the
// module that does no work (see NoWork).
// A call through an interface of the module does no work when every
// implementation of it, which implementations lists (all says they are all
// in sight), does none.
func (e *Effects) MayDoWork(c ssa.CallInstruction, implementations func(*types.Func) (impls []*types.Func, all bool)) bool {
	_, started := c.(*ssa.Go)
	if !started && !fails(c) {
		return false
	}
	fn := calledFunc(c.Common())
	if fn == nil {
		return true // a function literal's call (read where it is made), a function value, or a builtin started by go
	}
	pkg := fn.Pkg()
	if pkg == nil || DatabaseLibrary(pkg.Path()) {
		return false
	}
	if standardLibrary(pkg.Path()) {
		return reachesOut(pkg.Path())
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		if dbLike(recv.Type()) || rowScan(fn) {
			return false
		}
		impls, all := implementations(fn)
		if !all || len(impls) == 0 {
			return true
		}
		return slices.ContainsFunc(impls, func(impl *types.Func) bool { return !e.work.DoesNoWork(impl) })
	}
	return !e.work.DoesNoWork(fn)
}

// RunsBeforeInOneTurn reports whether instruction a can run before b in
// one call of their function without going round a loop: earlier in b's
// block, or in a block from which b's is reached by edges that do not go
// back to a block dominating their start. A call of the last turn of a
// loop (the previous job's handler) does not count.
func RunsBeforeInOneTurn(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	if a.Block() == b.Block() {
		return index(a.Block(), a) < index(b.Block(), b)
	}
	return WalkBlocks([]*ssa.BasicBlock{a.Block()}, func(x *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if x == b.Block() {
			return nil, true
		}
		var next []*ssa.BasicBlock
		for _, s := range x.Succs {
			if !s.Dominates(x) {
				next = append(next, s)
			}
		}
		return next, false
	})
}
