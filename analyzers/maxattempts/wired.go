package maxattempts

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Retries wired in by a command. A worker package that puts a failed job
// back through one of the module's interfaces (w.queue.Nack(ctx, id))
// sees no implementation, and the store package that implements it sees
// no caller: its exported Nack gets the benefit of the doubt. Only the
// command sees which types the program converts to the interface
// (effects.Converted). So the worker hands its unguarded calls on to the
// exported functions that reach them (Wired), the stores list their
// methods that retry on every path (RetryMethods), and a command that
// calls such a function judges each call as if every implementation its
// program converts to the interface were called there: when each of them
// retries on every path, the call is a retry with no limit, reported at
// the command's call that leads to it. An implementation out of sight,
// one that decides for itself, or an interface the program converts to
// from a value out of sight, leaves it unsaid.

// Wired is the fact that an exported function reaches calls of methods
// of the module's interfaces on a handler's failure path, with no attempt
// comparison on the way (see noteWired).
type Wired struct {
	Calls []WiredCall
}

// A WiredCall is one such call.
type WiredCall struct {
	Iface  string // the interface, as effects.ModuleInterface names it
	Method string
	Func   string // the function that makes the call, as a reader finds it
	At     string // where, relative to the module root: internal/worker/worker.go:52
	File   string // the call's file, as the pass named it, and its byte offset
	Offset int
}

func (*Wired) AFact() {}

func (f *Wired) String() string {
	var parts []string
	for _, c := range f.Calls {
		parts = append(parts, filepath.Base(c.Iface)+"."+c.Method+"("+c.At+")")
	}
	return "wired(" + strings.Join(parts, ", ") + ")"
}

func compareWired(a, b WiredCall) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Offset, b.Offset), cmp.Compare(a.Iface, b.Iface), cmp.Compare(a.Method, b.Method))
}

// RetryMethods is the package fact listing the methods, of types the
// package or the packages it imports convert to one of the module's
// interfaces, that put the job back on every path whatever their caller
// passes (a Retries fact with no condition).
type RetryMethods struct {
	Methods []RetryMethod
}

// A RetryMethod is one such method.
type RetryMethod struct {
	Type   string // as effects.TypeName names it
	Method string
	Retry  queuemodel.Deferred
}

func (*RetryMethods) AFact() {}

func (f *RetryMethods) String() string {
	var parts []string
	for _, m := range f.Methods {
		parts = append(parts, filepath.Base(m.Type)+"."+m.Method)
	}
	return "retrymethods(" + strings.Join(parts, ", ") + ")"
}

// wiring collects a package's wired calls, by the function that makes
// them.
type wiring struct {
	calls        map[*ssa.Function][]WiredCall
	commandCalls []wiredAt // in a command: its calls of functions with a Wired fact
}

// note keeps what a call the package makes may wire: a call through one
// of the module's interfaces (noteWired), or a call of another package's
// function that reaches such calls (handed on, or judged in a command).
func (w *wiring) note(pass *analysis.Pass, m *queuemodel.Model, e *judge, guardedFail bool, call *ast.CallExpr, fn *types.Func, instr ssa.CallInstruction) {
	if instr.Common().IsInvoke() {
		w.noteWired(pass, m, e, guardedFail, fn, instr)
		return
	}
	var f Wired
	if fn.Pkg() == pass.Pkg || !pass.ImportObjectFact(fn, &f) {
		return
	}
	if v, _ := retryGuard(e, instr); v == guarded {
		return // a caller that compares the attempts before it asks for the retry
	}
	if pass.Pkg.Name() == "main" {
		w.commandCalls = append(w.commandCalls, wiredAt{call: call, callee: queuemodel.FuncName(fn), fact: &f})
		return
	}
	w.handOn(instr, &f)
}

func newWiring() *wiring { return &wiring{calls: map[*ssa.Function][]WiredCall{}} }

// noteWired keeps a call of a method of the module's interfaces that sits
// on a handler's failure path (only where an error is not nil) and that
// no attempt comparison guards, in this function or the package's
// callers of it: what the call does, only a command can tell.
func (w *wiring) noteWired(pass *analysis.Pass, m *queuemodel.Model, e *judge, guardedFail bool, fn *types.Func, instr ssa.CallInstruction) {
	if guardedFail || !instr.Common().IsInvoke() || pass.Pkg.Name() == "main" {
		return
	}
	iface := effects.ModuleInterface(pass, instr.Common().Value.Type())
	if iface == "" || !onFailurePath(instr) || byHand(instr) || beforeWork(e, m, instr, 2) {
		return
	}
	if v, _ := retryGuard(e, instr); v == guarded {
		return
	}
	top := instr.Parent()
	for top.Parent() != nil {
		top = top.Parent()
	}
	if _, ok := top.Object().(*types.Func); !ok {
		return
	}
	p := pass.Fset.Position(instr.Pos())
	w.calls[top] = append(w.calls[top], WiredCall{
		Iface:  iface,
		Method: fn.Name(),
		Func:   queuemodel.FuncName(top.Object().(*types.Func)),
		At:     fmt.Sprintf("%s:%d", relPath(m, p.Filename), p.Line),
		File:   p.Filename,
		Offset: p.Offset,
	})
}

// handOn adds another package's wired calls that a call of this package
// reaches (a command's helper package that starts the worker).
func (w *wiring) handOn(instr ssa.CallInstruction, f *Wired) {
	top := instr.Parent()
	for top.Parent() != nil {
		top = top.Parent()
	}
	w.calls[top] = append(w.calls[top], f.Calls...)
}

// export puts each wired call on the exported functions of the package
// that reach it.
func (w *wiring) export(pass *analysis.Pass, e *judge) {
	if len(w.calls) == 0 {
		return
	}
	facts := map[*types.Func]*Wired{}
	for fn, calls := range w.calls {
		for _, entry := range entriesReaching(e, fn) {
			f := facts[entry]
			if f == nil {
				f = &Wired{}
				facts[entry] = f
			}
			f.Calls = append(f.Calls, calls...)
		}
	}
	for obj, f := range facts {
		slices.SortFunc(f.Calls, compareWired)
		f.Calls = slices.CompactFunc(f.Calls, func(a, b WiredCall) bool { return compareWired(a, b) == 0 })
		pass.ExportObjectFact(obj, f)
	}
}

// entriesReaching returns the functions another package can call that
// reach fn through the package's calls (go statements and deferred calls
// too), through calls of the package's interfaces that may run it, and
// through the places a function is taken as a value.
func entriesReaching(e *judge, fn *ssa.Function) []*types.Func {
	seen := map[*ssa.Function]bool{}
	var out []*types.Func
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		for fn.Parent() != nil {
			fn = fn.Parent()
		}
		if seen[fn] {
			return
		}
		seen[fn] = true
		if obj, ok := fn.Object().(*types.Func); ok && callableOutside(obj) {
			out = append(out, obj)
		}
		for _, c := range e.MayCall(fn) {
			visit(c.Parent())
		}
		for _, mv := range e.MethodValues(fn) {
			visit(mv.Parent())
		}
		for _, u := range e.FuncUses(fn) {
			visit(u.Parent())
		}
	}
	visit(fn)
	return out
}

// callableOutside reports whether another package can call a function by
// name: an exported function, or an exported method of an exported type.
func callableOutside(fn *types.Func) bool {
	if !fn.Exported() || fn.Type().(*types.Signature).TypeParams() != nil {
		return false
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return true
	}
	t := recv.Type()
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Exported() && named.TypeParams() == nil
}

// onFailurePath reports whether instr runs only where some error is not
// nil: its block is dominated by the true side of an err != nil test (or
// the false side of err == nil), in its function or, for a function
// literal, where the literal is made.
func onFailurePath(instr ssa.Instruction) bool {
	for b := instr.Block(); b != nil; b = b.Idom() {
		dom := b.Idom()
		if dom == nil {
			break
		}
		ifi, ok := dom.Instrs[len(dom.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		cmp, ok := ifi.Cond.(*ssa.BinOp)
		if !ok || (cmp.Op != token.NEQ && cmp.Op != token.EQL) || !errNilTest(cmp) {
			continue
		}
		side := 0 // err != nil: the true successor
		if cmp.Op == token.EQL {
			side = 1
		}
		if onlyThrough(dom, side, instr.Block()) {
			return true
		}
	}
	return false
}

// errNilTest reports whether a comparison compares an error with nil.
func errNilTest(cmp *ssa.BinOp) bool {
	isNil := func(v ssa.Value) bool { c, ok := v.(*ssa.Const); return ok && c.IsNil() }
	isErr := func(v ssa.Value) bool { return types.Identical(v.Type(), types.Universe.Lookup("error").Type()) }
	return isNil(cmp.Y) && isErr(cmp.X) || isNil(cmp.X) && isErr(cmp.Y)
}

// onlyThrough reports whether every path from d to blk leaves d by its
// successor succ.
func onlyThrough(d *ssa.BasicBlock, succ int, blk *ssa.BasicBlock) bool {
	to := d.Succs[succ]
	other := d.Succs[1-succ]
	if to == other || !to.Dominates(blk) {
		return false
	}
	return len(to.Preds) == 1
}

// judgeWired judges, in a command, the wired calls that each call of
// another package's function reaches: once each, at the first call (in
// position order) that reaches it.
func judgeWired(pass *analysis.Pass, m *queuemodel.Model, e *judge, deferred *retriesAt, calls []wiredAt) {
	if len(calls) == 0 {
		return
	}
	conv := e.ProgramConversions(pass)
	retries := map[[2]string]RetryMethod{}
	for _, r := range retryMethods(pass, e, deferred) {
		retries[[2]string{r.Type, r.Method}] = r
	}
	slices.SortFunc(calls, func(a, b wiredAt) int { return cmp.Compare(a.call.Pos(), b.call.Pos()) })
	done := map[WiredCall]bool{}
	for _, at := range calls {
		for _, c := range at.fact.Calls {
			if done[c] {
				continue
			}
			impls, ok := wiredRetries(conv, retries, c)
			if !ok {
				continue
			}
			done[c] = true
			related := []analysis.RelatedInformation{{
				Pos:     m.RelatedPos(queuemodel.Deferred{File: c.File, Offset: c.Offset}),
				Message: fmt.Sprintf("the call of %s.%s, with no attempt comparison, in %s", filepath.Base(c.Iface), c.Method, c.Func),
			}}
			var names []string
			for _, im := range impls {
				names = append(names, im.Retry.Func)
				related = append(related, analysis.RelatedInformation{
					Pos:     m.RelatedPos(im.Retry),
					Message: "the retry " + im.Retry.Func + " makes on every path",
				})
			}
			which := "the only " + c.Method + " the program can run there, " + names[0] + ", puts"
			if len(names) > 1 {
				which = "every " + c.Method + " the program can run there (" + strings.Join(names, ", ") + ") puts"
			}
			iface := filepath.Base(c.Iface)
			pass.Report(analysis.Diagnostic{
				Pos:     at.call.Pos(),
				Related: related,
				Message: fmt.Sprintf("this call starts a retry with no limit: %s calls %s.%s when a job fails (%s)\n%s the job back on every path, and no attempt comparison guards the call, so a job that always fails is retried for ever; "+
					"guard the call (if job.Attempts >= max { fail }) or decide in the retry's SQL (CASE WHEN attempts >= $n THEN 'failed' ...)",
					at.callee, iface, c.Method, c.At, which),
			})
		}
	}
}

// A wiredAt is a command's call of a function with a Wired fact.
type wiredAt struct {
	call   *ast.CallExpr
	callee string
	fact   *Wired
}

// wiredRetries returns the retry of each type the program converts to
// the call's interface, when there is at least one and each retries on
// every path.
func wiredRetries(conv *effects.Conversions, retries map[[2]string]RetryMethod, c WiredCall) ([]RetryMethod, bool) {
	types, ok := conv.TypesOf(c.Iface)
	if !ok || len(types) == 0 {
		return nil, false
	}
	var out []RetryMethod
	for _, t := range types {
		r, ok := retries[[2]string{t, c.Method}]
		if !ok {
			return nil, false
		}
		out = append(out, r)
	}
	return out, true
}

// retryMethods gathers the RetryMethods of the package's direct imports
// and adds those of its own conversions: for each type it converts to
// one of the module's interfaces, the methods of the interface the type
// implements with a retry on every path, whatever its caller passes.
func retryMethods(pass *analysis.Pass, e *judge, d *retriesAt) []RetryMethod {
	var out []RetryMethod
	for _, imp := range pass.Pkg.Imports() {
		var f RetryMethods
		if pass.ImportPackageFact(imp, &f) {
			out = append(out, f.Methods...)
		}
	}
	for _, c := range e.Conversions() {
		it := c.Iface.Underlying().(*types.Interface)
		for i := range it.NumMethods() {
			m := it.Method(i)
			obj, _, _ := types.LookupFieldOrMethod(c.Type, true, m.Pkg(), m.Name())
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() == nil {
				continue
			}
			var f Retries
			if fn.Pkg() == pass.Pkg {
				have := d.facts[fn]
				if have == nil {
					continue
				}
				f = *have
			} else if !pass.ImportObjectFact(fn, &f) {
				continue
			}
			if len(f.Also) > 0 || f.Param != 0 || f.StateParam != 0 || f.Resets != "" {
				continue
			}
			out = append(out, RetryMethod{Type: effects.TypeName(c.Type), Method: m.Name(), Retry: f.Retry})
		}
	}
	slices.SortFunc(out, func(a, b RetryMethod) int {
		return cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Retry.At, b.Retry.At))
	})
	return slices.CompactFunc(out, func(a, b RetryMethod) bool { return a.Type == b.Type && a.Method == b.Method })
}

// exportRetryMethods exports the package's RetryMethods (see
// retryMethods); a command, which no package imports, reads them.
func exportRetryMethods(pass *analysis.Pass, e *judge, d *retriesAt) {
	if pass.Pkg.Name() == "main" {
		return
	}
	if out := retryMethods(pass, e, d); len(out) > 0 {
		pass.ExportPackageFact(&RetryMethods{Methods: out})
	}
}

// relPath returns a file's path relative to the module root, or the path
// itself outside it.
func relPath(m *queuemodel.Model, file string) string {
	root := m.ModuleRoot()
	if rel, err := filepath.Rel(root, file); err == nil && root != "" && filepath.IsLocal(rel) {
		return filepath.ToSlash(rel)
	}
	return file
}
