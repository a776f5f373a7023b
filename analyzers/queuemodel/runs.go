package queuemodel

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Function values: who runs a claim that is handed to someone else. A
// worker's claim is often a function value passed to a runner
// (loop.Every(ctx, time.Second, w.claimOnce)), a scheduler
// (c.AddFunc("@every 1m", func() { w.process(ctx) })) or an errgroup
// (g.Go(w.Run)): the loop is the runner's, the claim the value's. A call
// that passes a function value to a parameter its callee runs does what
// the value does (its claims, and its loops), and in a loop when the
// callee runs that parameter in one. Which parameters a function runs is
// part of its Jobs fact (RunsLoop, RunsOnce), found on its body: it calls
// the parameter, or hands it to a function that runs it; for a few
// libraries the module does not build (a scheduler, errgroup), known by
// name (libraryRuns).

// A paramRun is a function-typed parameter a function runs, and whether
// it runs it again and again.
type paramRun struct {
	index int // among the parameters, the receiver not counted
	loop  bool
}

// libraryRuns are the functions of libraries, read from export data and
// so with no Jobs fact, that run a function value they are given: a
// scheduler again and again, the others once.
var libraryRuns = map[string]paramRun{
	// robfig/cron: AddFunc(spec, cmd) runs cmd on every tick of spec.
	"github.com/robfig/cron.(Cron).AddFunc":    {1, true},
	"github.com/robfig/cron/v3.(Cron).AddFunc": {1, true},
	// The standard library and x/sync run the function once.
	"time.AfterFunc":                           {1, false},
	"sync.(WaitGroup).Go":                      {0, false},
	"golang.org/x/sync/errgroup.(Group).Go":    {0, false},
	"golang.org/x/sync/errgroup.(Group).TryGo": {0, false},
}

// funcKey names a function as libraryRuns does: the package path, then
// the receiver's type name in parentheses for a method.
func funcKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	sig := fn.Type().(*types.Signature)
	if recv := sig.Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok {
			return ""
		}
		return fn.Pkg().Path() + ".(" + named.Obj().Name() + ")." + fn.Name()
	}
	return fn.Pkg().Path() + "." + fn.Name()
}

// paramRuns returns the parameters a function runs.
func (g *callGraph) paramRuns(fn *types.Func) []paramRun {
	if r, ok := libraryRuns[funcKey(fn.Origin())]; ok {
		return []paramRun{r}
	}
	j := g.funcJobs(fn.Origin())
	if j == nil {
		return nil
	}
	var out []paramRun
	for _, i := range j.RunsLoop {
		out = append(out, paramRun{i, true})
	}
	for _, i := range j.RunsOnce {
		out = append(out, paramRun{i, false})
	}
	return out
}

// A runArg is an argument of a call that its callee runs.
type runArg struct {
	expr ast.Expr
	loop bool
}

// runArgs returns the arguments of a call that its callee runs: for a
// variadic parameter, each argument it gets.
func (g *callGraph) runArgs(call *ast.CallExpr) []runArg {
	fn, ok := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	runs := g.paramRuns(fn)
	if len(runs) == 0 {
		return nil
	}
	args := call.Args
	if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
		if s := g.pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.MethodExpr {
			if len(args) == 0 {
				return nil
			}
			args = args[1:] // (*T).Run(t, f): the receiver comes first
		}
	}
	sig := fn.Type().(*types.Signature)
	var out []runArg
	for _, r := range runs {
		switch {
		case sig.Variadic() && r.index == sig.Params().Len()-1 && !call.Ellipsis.IsValid():
			for _, a := range args[min(r.index, len(args)):] {
				out = append(out, runArg{a, r.loop})
			}
		case r.index < len(args):
			out = append(out, runArg{args[r.index], r.loop})
		}
	}
	return out
}

// valuesRun returns what the function values a call hands to a callee that
// runs them do about claims, in a loop when the callee runs them in one;
// nil when it hands none that claim. Only claims are taken: what a value
// writes is the business of whoever runs it, not of the call's caller.
func (g *callGraph) valuesRun(call *ast.CallExpr) *Jobs { return g.valuesRunAt(call, 0) }

// valueJobs returns what a function value does: a function literal's
// body, or the function or method a name or method value (w.claimOnce)
// stands for, through conversions (loop.Func(w.claimOnce)). Any other
// value (a variable, a method value of an interface) is out of sight:
// nil.
func (g *callGraph) valueJobs(e ast.Expr, depth int) *Jobs {
	if depth > 8 {
		return nil
	}
	info := g.pass.TypesInfo
	switch e := ast.Unparen(e).(type) {
	case *ast.FuncLit:
		return g.litJobs(e, depth)
	case *ast.Ident:
		if fn, ok := info.Uses[e].(*types.Func); ok {
			return g.funcJobs(fn.Origin())
		}
	case *ast.SelectorExpr:
		fn, ok := info.Uses[e.Sel].(*types.Func)
		if !ok {
			return nil
		}
		if s := info.Selections[e]; s != nil && types.IsInterface(s.Recv()) {
			return nil
		}
		return g.funcJobs(fn.Origin())
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			return g.valueJobs(e.Args[0], depth+1)
		}
	}
	return nil
}

// litJobs returns what a function literal's body does about claims.
func (g *callGraph) litJobs(lit *ast.FuncLit, depth int) *Jobs {
	res := &Jobs{}
	WalkCalls(lit.Body, func(call *ast.CallExpr, inLoop bool) {
		d := g.direct[call]
		res.merge(&d, inLoop)
		if c := g.callee(call); c != nil {
			res.merge(c, inLoop)
		}
		if v := g.valuesRunAt(call, depth+1); v != nil {
			res.merge(v, inLoop)
		}
	})
	if res.empty() {
		return nil
	}
	return res
}

// valuesRunAt is valuesRun with a bound on the literals it enters.
func (g *callGraph) valuesRunAt(call *ast.CallExpr, depth int) *Jobs {
	var out *Jobs
	for _, a := range g.runArgs(call) {
		out = addClaims(out, g.valueJobs(a.expr, depth), a.loop)
	}
	if h := g.heldRun(call, depth); h != nil {
		if out == nil {
			out = &Jobs{}
		}
		out.merge(h, false)
	}
	return out
}

// heldRun returns what a call of a function value does about claims
// (w.start(ctx), where start is a field of the slice's elements the
// function ranges over, each set to a method value such as
// s.OutboxWorker.StartWorker): what the functions the value may hold do,
// as effects.Callees follows it on SSA, when every one of them is in
// sight. A method value of one of the module's interfaces is a dispatch
// (the command that wires the interface resolves it); of a concrete
// type, that method; a function literal, its body. Each of them may be
// the one that runs, so their claims add up, as valuesRun's do.
func (g *callGraph) heldRun(call *ast.CallExpr, depth int) *Jobs {
	fns := g.heldFuncs(call)
	if len(fns) == 0 {
		return nil
	}
	var out *Jobs
	for _, fn := range fns {
		var j *Jobs
		switch {
		case fn.Parent() != nil:
			// A closure that runs a value which may hold the closure
			// itself: its body is being read already.
			if lit, ok := fn.Syntax().(*ast.FuncLit); ok && !g.entered[lit] {
				g.entered[lit] = true
				j = g.litJobs(lit, depth+1)
				delete(g.entered, lit)
			}
		case fn.Object() != nil:
			m, ok := fn.Object().(*types.Func)
			if !ok {
				break
			}
			if d, ok := g.dispatch(call, m); ok {
				j = &Jobs{Through: []Dispatch{d}}
			} else {
				j = g.funcJobs(m.Origin())
			}
		}
		out = addClaims(out, j, false)
	}
	return out
}

// addClaims adds to out what j, a function that may run, does about
// claims, and returns out (made when nil and j has something to add).
func addClaims(out, j *Jobs, inLoop bool) *Jobs {
	if j == nil {
		return out
	}
	c := Jobs{Claims: j.Claims, Takes: j.Takes, Loop: j.Loop, MayClaims: j.MayClaims, MayLoop: j.MayLoop, Through: j.Through}
	if c.empty() {
		return out
	}
	if out == nil {
		out = &Jobs{}
	}
	out.merge(&c, inLoop)
	return out
}

// heldFuncs returns the functions a call of a function value may run,
// found once: none when the call has a static callee or calls an
// interface method (findCallee answers those), calls a function literal
// in place, or when one of the values stays out of sight.
func (g *callGraph) heldFuncs(call *ast.CallExpr) []*ssa.Function {
	if fns, ok := g.held[call]; ok {
		return fns
	}
	var fns []*ssa.Function
	_, static := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
	_, lit := ast.Unparen(call.Fun).(*ast.FuncLit) // its body is walked as the caller's
	if !static && !lit && g.takesFuncValues() {
		if tv, ok := g.pass.TypesInfo.Types[call.Fun]; ok && !tv.IsType() && !tv.IsBuiltin() {
			if e := effectsOf(g.pass); e != nil {
				if got, known := e.Callees(e.Call(call)); known {
					fns = got
				}
			}
		}
	}
	if g.held == nil {
		g.held = map[*ast.CallExpr][]*ssa.Function{}
	}
	g.held[call] = fns
	return fns
}

// takesFuncValues reports whether the package takes a function or a
// method of the module as a value (s.OutboxWorker.StartWorker, not
// called): only then may a call of a function value run something the
// module's facts describe, and only then is the package's SSA built to
// follow such calls.
func (g *callGraph) takesFuncValues() bool {
	if g.funcValues != nil {
		return *g.funcValues
	}
	found := false
	info := g.pass.TypesInfo
	called := map[ast.Expr]bool{}
	for _, f := range g.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.CallExpr:
				fun := ast.Unparen(n.Fun)
				called[fun] = true
				if sel, ok := fun.(*ast.SelectorExpr); ok {
					called[sel.Sel] = true
				}
			case *ast.SelectorExpr:
				if fn, ok := info.Uses[n.Sel].(*types.Func); ok && !called[n] && fn.Pkg() != nil && effects.InModule(g.pass, fn.Pkg()) {
					found = true
				}
				called[n.Sel] = true // the selector is judged whole
			case *ast.Ident:
				if fn, ok := info.Uses[n].(*types.Func); ok && !called[n] && fn.Pkg() != nil && effects.InModule(g.pass, fn.Pkg()) {
					found = true
				}
			}
			return !found
		})
	}
	g.funcValues = &found
	return found
}

// declRuns finds the function-typed parameters a declared function runs:
// those it calls, and those it hands to a function that runs them (in a
// loop when either runs it in one). A call inside a function literal
// that is itself run in a loop (a scheduler's callback) is in a loop.
func (g *callGraph) declRuns(decl *ast.FuncDecl, sites []site) (loop, once []int) {
	params := map[types.Object]int{}
	i := 0
	for _, field := range decl.Type.Params.List {
		names := field.Names
		if len(names) == 0 {
			i++
			continue
		}
		for _, name := range names {
			if obj := g.pass.TypesInfo.Defs[name]; obj != nil {
				if _, ok := obj.Type().Underlying().(*types.Signature); ok {
					params[obj] = i
				}
			}
			i++
		}
	}
	if len(params) == 0 {
		return nil, nil
	}
	runs := map[int]bool{} // index: in a loop
	record := func(e ast.Expr, inLoop bool) {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return
		}
		if i, ok := params[g.pass.TypesInfo.Uses[id]]; ok {
			runs[i] = runs[i] || inLoop
		}
	}
	looped := g.loopedLits(sites)
	again := repeatingCalls(g.pass.TypesInfo, decl.Body)
	for _, s := range sites {
		inLoop := again[s.call] || insideAny(s.call, looped)
		record(s.call.Fun, inLoop)
		for _, a := range g.runArgs(s.call) {
			record(a.expr, inLoop || a.loop)
		}
	}
	for _, i := range slices.Sorted(maps.Keys(runs)) {
		if runs[i] {
			loop = append(loop, i)
		} else {
			once = append(once, i)
		}
	}
	return loop, once
}

// repeatingCalls returns the calls of a body that sit in a loop that runs
// until something stops it: a for with no post statement (for {}, for
// ctx.Err() == nil {}), or a range over a channel (a ticker's C). A
// counted loop (for i := 0; i < n; i++, a range over a slice) is a retry
// helper's or a fan-out's: a parameter it calls runs a bounded number of
// times, and a command that hands it a one-shot claim still exits.
func repeatingCalls(info *types.Info, body *ast.BlockStmt) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	var walk func(n ast.Node, again bool)
	walk = func(n ast.Node, again bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				if n.Init != nil {
					walk(n.Init, again)
				}
				unbounded := again || n.Post == nil
				if n.Cond != nil {
					walk(n.Cond, unbounded)
				}
				walk(n.Body, unbounded)
				return false
			case *ast.RangeStmt:
				walk(n.X, again)
				ch := false
				if t := info.TypeOf(n.X); t != nil {
					_, ch = t.Underlying().(*types.Chan)
				}
				walk(n.Body, again || ch)
				return false
			case *ast.CallExpr:
				if again {
					out[n] = true
				}
			}
			return true
		})
	}
	walk(body, false)
	return out
}

// loopedLits returns the function literals a body hands to a function
// that runs them in a loop.
func (g *callGraph) loopedLits(sites []site) []*ast.FuncLit {
	var out []*ast.FuncLit
	for _, s := range sites {
		for _, a := range g.runArgs(s.call) {
			if lit, ok := ast.Unparen(a.expr).(*ast.FuncLit); ok && a.loop {
				out = append(out, lit)
			}
		}
	}
	return out
}

func insideAny(n ast.Node, lits []*ast.FuncLit) bool {
	return slices.ContainsFunc(lits, func(lit *ast.FuncLit) bool { return lit.Pos() <= n.Pos() && n.End() <= lit.End() })
}
