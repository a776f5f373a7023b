package queuemodel

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"
)

// Jobs is the fact of what a function does to jobs, itself or through the
// functions it calls (in any package).
type Jobs struct {
	Claims    bool // it claims (or polls for) jobs
	Takes     bool // it claims jobs, not only polls for them (RoleClaim)
	Loop      bool // it does so in a loop, as a worker's Run does
	Completes bool // it records a success, outside a transaction
	Fails     bool // it records a failure or a retry
	// Writes says it writes a job's outcome itself and claims nothing
	// (finish, fail, retry): its error is a bookkeeping error.
	Writes bool
	// Returns says it claims nothing and returns the error of an outcome
	// write it makes, itself or through a function that writes (a
	// store's Finish that calls the database layer's, or a helper that
	// runs the job and then records it): to its caller, that error is
	// the write's.
	Returns bool
	// Passes says which outcomes (a success, a failure, a retry) are
	// recorded by the writes whose error it returns as its own error, as
	// it is or wrapped, with nothing else done with that error on the way
	// (no log line, no other call: effects.PassedErrors), itself or
	// through a function that passes one on; none when it claims. A
	// caller that drops its error drops the write's, and nobody hears
	// that the write failed.
	Passes Outcomes
	// PassesThrough lists the methods of the module's interfaces whose
	// error it passes on in the same way, sorted: what their
	// implementations pass on is resolved where the package asks, as
	// Through is, and joins Passes there.
	PassesThrough []Dispatch
	// Carries says which outcomes are recorded by the writes whose error
	// it passes on as Passes does, whether it claims or not: a worker's
	// ProcessNext that claims, runs the job and returns the completion's
	// error among the claim's and the broker's. A caller that drops its
	// error drops the completion's on the path that completed.
	Carries Outcomes
	// MayClaims and MayLoop say it claims (in a loop) with some of the
	// implementations of an interface method it calls, the others working
	// on a store out of sight (see mayFlags). Only resolved answers
	// (JobsOf) set them.
	MayClaims, MayLoop bool
	// Through lists the methods of the module's interfaces it calls,
	// itself or through its callees, sorted. What they do is not in the
	// flags above: each package that asks resolves them against the
	// implementations it can see (see dispatch.go).
	Through []Dispatch
	// RunsLoop and RunsOnce list the function-typed parameters it runs
	// (by index, the receiver not counted), itself or through the
	// functions it hands them to: again and again (a generic runner's
	// loop), or not. See runs.go.
	RunsLoop, RunsOnce []int
}

func (*Jobs) AFact() {}

func (j *Jobs) String() string {
	var parts []string
	switch {
	case j.Loop:
		parts = append(parts, "claims jobs in a loop")
	case j.Claims:
		parts = append(parts, "claims jobs")
	case j.MayLoop:
		parts = append(parts, "claims jobs in a loop with some implementations")
	case j.MayClaims:
		parts = append(parts, "claims jobs with some implementations")
	}
	if j.Completes {
		parts = append(parts, "completes jobs")
	}
	if j.Fails {
		parts = append(parts, "fails jobs")
	}
	if j.Writes {
		parts = append(parts, "writes outcomes")
	}
	if j.Returns {
		parts = append(parts, "returns a write's error")
	}
	if j.Passes != 0 {
		parts = append(parts, "passes on the error of a "+j.Passes.String())
	}
	for _, d := range j.Through {
		parts = append(parts, d.String())
	}
	for _, i := range j.RunsLoop {
		parts = append(parts, fmt.Sprintf("runs parameter %d in a loop", i))
	}
	for _, i := range j.RunsOnce {
		parts = append(parts, fmt.Sprintf("runs parameter %d", i))
	}
	for _, d := range j.PassesThrough {
		parts = append(parts, "passes on the error of "+d.String())
	}
	return strings.Join(parts, ", ")
}

func (j *Jobs) merge(o *Jobs, inLoop bool) {
	j.Claims = j.Claims || o.Claims
	j.Takes = j.Takes || o.Takes
	j.Loop = j.Loop || o.Loop || (inLoop && o.Claims)
	j.Completes = j.Completes || o.Completes
	j.Fails = j.Fails || o.Fails
	j.MayClaims = j.MayClaims || o.MayClaims
	j.MayLoop = j.MayLoop || o.MayLoop || (inLoop && o.MayClaims)
	j.Through = mergeDispatches(j.Through, o.Through, inLoop)
}

func (j *Jobs) equal(o *Jobs) bool {
	return j.Claims == o.Claims && j.Takes == o.Takes && j.Loop == o.Loop && j.Completes == o.Completes && j.Fails == o.Fails &&
		j.Writes == o.Writes && j.Returns == o.Returns && j.Passes == o.Passes && j.Carries == o.Carries && slices.Equal(j.PassesThrough, o.PassesThrough) && j.MayClaims == o.MayClaims && j.MayLoop == o.MayLoop && slices.Equal(j.Through, o.Through) &&
		slices.Equal(j.RunsLoop, o.RunsLoop) && slices.Equal(j.RunsOnce, o.RunsOnce)
}

func (j *Jobs) empty() bool { return j.equal(&Jobs{}) }

// Empty reports whether a function does nothing to jobs.
func (j Jobs) Empty() bool { return j.empty() }

// JobsOf returns what the function a call calls does to jobs (from this
// package, or from a fact of the callee's package), or nil. Calls of the
// module's interface methods are resolved: Through is empty.
func (m *Model) JobsOf(call *ast.CallExpr) *Jobs { return m.loops.resolved[call] }

// Outcomes returns what a SQL call of the package records (see
// callOutcomes), whatever it runs on.
func (m *Model) Outcomes(call *ast.CallExpr) Outcomes { return m.loops.outcomes[call] }

// RunsClaim reports whether a call of the package runs a claim or a poll itself.
func (m *Model) RunsClaim(call *ast.CallExpr) bool { return m.loops.direct[call].Claims }

// Direct returns what a call of the package does to jobs itself, by the
// SQL it runs (Loop and Writes aside).
func (m *Model) Direct(call *ast.CallExpr) Jobs { return m.loops.direct[call] }

// callGraph is what the package's functions do to jobs.
type callGraph struct {
	pass   *analysis.Pass
	decls  map[*types.Func]*ast.FuncDecl
	notPG  map[typeMethod]string // notPostgres's answers
	jobs   map[*types.Func]*Jobs
	direct map[*ast.CallExpr]Jobs // what the package's own SQL calls do
	// resolved is what each call of the package does, its dispatches
	// through interfaces resolved against the implementations the
	// package sees.
	resolved map[*ast.CallExpr]*Jobs
	impls    *Implements // the implementations of interface methods the package knows of
	halves   map[*types.Func]*Half
	// outcomes is what the package's own SQL calls record (see Outcomes),
	// and passed the calls whose error each function passes on
	// (effects.PassedErrors), found once.
	outcomes map[*ast.CallExpr]Outcomes
	passed   map[*ast.FuncDecl]map[*ast.CallExpr]bool
	// carried is what the calls that report a SQL call's error record
	// (see carriedOutcomes).
	carried map[*ast.CallExpr]Outcomes
	// What the fixed point reads again on every round, found once: each
	// function's calls, and what each call calls.
	sites   map[*ast.FuncDecl][]site
	callees map[*ast.CallExpr]calleeOf
	// held is what each call of a function value may run (heldFuncs),
	// and funcValues whether the package takes any function of the
	// module as a value, found once.
	held       map[*ast.CallExpr][]*ssa.Function
	funcValues *bool
	entered    map[*ast.FuncLit]bool // the literals heldRun is reading
}

// A site is a call of a function body, and whether it sits in a loop.
type site struct {
	call   *ast.CallExpr
	inLoop bool
}

// calleeOf is the function a call calls; for a method of one of the
// module's interfaces, the dispatch to it (nil when the receiver can
// only be nil).
type calleeOf struct {
	fn       *types.Func
	dispatch bool
	through  *Jobs
}

func newCallGraph(pass *analysis.Pass) *callGraph {
	return &callGraph{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, jobs: map[*types.Func]*Jobs{}, direct: map[*ast.CallExpr]Jobs{},
		resolved: map[*ast.CallExpr]*Jobs{}, impls: &Implements{}, sites: map[*ast.FuncDecl][]site{}, callees: map[*ast.CallExpr]calleeOf{},
		outcomes: map[*ast.CallExpr]Outcomes{}, passed: map[*ast.FuncDecl]map[*ast.CallExpr]bool{}, entered: map[*ast.FuncLit]bool{}}
}

func buildCallGraph(pass *analysis.Pass, m *Model) *callGraph {
	g := newCallGraph(pass)
	g.halves = m.halves
	for _, c := range m.Calls {
		d := g.direct[c.Expr]
		for _, st := range c.Stmts {
			switch st.Role {
			case RoleClaim, RolePoll:
				d.Claims = true
				d.Takes = d.Takes || st.Role == RoleClaim
			case RoleComplete:
				d.Completes = d.Completes || c.Receiver != RecvTx
			case RoleFail, RoleRetry:
				d.Fails = true
			}
		}
		if !d.empty() {
			g.direct[c.Expr] = d
		}
		if o := callOutcomes(m, c); o != 0 {
			g.outcomes[c.Expr] = o
		}
	}
	g.carried = carriedOutcomes(pass, g.outcomes)
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					g.decls[fn] = decl
				}
			}
		}
	}
	// To a fixed point: a function does what its SQL and its callees do,
	// and loops on claims if it claims inside a loop or calls a function
	// that loops.
	for changed := true; changed; {
		changed = false
		for fn, decl := range g.decls {
			got := g.scan(decl)
			if got == nil {
				continue
			}
			if old := g.jobs[fn]; old == nil || !old.equal(got) {
				g.jobs[fn] = got
				changed = true
			}
		}
	}
	g.findImplementations()
	g.resolveCalls()
	return g
}

// scan summarizes one function body.
func (g *callGraph) scan(decl *ast.FuncDecl) *Jobs {
	res := &Jobs{}
	writes, claims, returns := false, false, false
	var passes, carries Outcomes
	var through []Dispatch
	sites, ok := g.sites[decl]
	if !ok {
		WalkCalls(decl.Body, func(call *ast.CallExpr, inLoop bool) {
			sites = append(sites, site{call, inLoop})
		})
		g.sites[decl] = sites
	}
	for _, s := range sites {
		d := g.direct[s.call]
		writes = writes || d.Completes || d.Fails
		claims = claims || d.Claims
		res.merge(&d, s.inLoop)
		write := d.Completes || d.Fails
		if c := g.callee(s.call); c != nil {
			res.merge(c, s.inLoop)
			claims = claims || c.Claims
			write = write || c.Writes || c.Returns
		}
		if v := g.valuesRun(s.call); v != nil {
			res.merge(v, s.inLoop)
			claims = claims || v.Claims
		}
		returns = returns || write && returnsErrorOf(g.pass.TypesInfo, decl, s.call)
		out := g.outcomes[s.call] | g.carried[s.call]
		carried := out
		if c := g.callee(s.call); c != nil {
			out |= c.Passes
			// A write whose state its caller chooses records no success
			// where the call gives it only a failed one (Move(ctx, id,
			// "failed")).
			if !GivesFailure(g.pass.TypesInfo, s.call) {
				carried |= c.Passes | c.Carries
			}
		}
		if out|carried != 0 && g.passes(decl, s.call) {
			passes |= out
			carries |= carried
		}
		if d, ok := g.dispatchOf(s.call); ok && g.passes(decl, s.call) {
			through = mergeDispatches(through, []Dispatch{d}, false)
		}
	}
	res.Writes = writes && !claims
	res.Returns = returns && !claims
	if !claims {
		res.Passes, res.PassesThrough = passes, through
	}
	res.Carries = carries
	res.RunsLoop, res.RunsOnce = g.declRuns(decl, sites)
	if res.empty() {
		return nil
	}
	return res
}

// returnsErrorOf reports whether a function returns what a call of its
// body gives: the call is a result of a return, or a variable it assigns
// is one, as it is or among the arguments of a call that wraps it
// (fmt.Errorf("finish: %w", err)). Returns of function literals are
// theirs.
func returnsErrorOf(info *types.Info, decl *ast.FuncDecl, call *ast.CallExpr) bool {
	assigned := map[types.Object]bool{}
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
			return true
		}
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
				if obj := info.ObjectOf(id); obj != nil {
					assigned[obj] = true
				}
			}
		}
		return true
	})
	mentions := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.CallExpr:
				found = found || n == call
			case *ast.Ident:
				found = found || assigned[info.Uses[n]]
			}
			return !found
		})
		return found
	}
	returns := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				if e := ast.Unparen(r); e == call || mentions(e) && wraps(e) {
					returns = true
				}
			}
		}
		return !returns
	})
	return returns
}

// wraps reports whether a returned expression is a variable, or a call
// whose arguments may carry one (fmt.Errorf, errors.Join, a wrapper).
func wraps(e ast.Expr) bool {
	switch ast.Unparen(e).(type) {
	case *ast.Ident, *ast.CallExpr:
		return true
	}
	return false
}

// WalkCalls calls visit for every call in n, saying whether it sits inside
// a for or range loop (of n itself; closures count as part of n).
func WalkCalls(n ast.Node, visit func(call *ast.CallExpr, inLoop bool)) {
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				for _, part := range []ast.Node{n.Init, n.Cond, n.Post, n.Body} {
					if part != nil && !reflect.ValueOf(part).IsNil() {
						walk(part, part != n.Init || inLoop)
					}
				}
				return false
			case *ast.RangeStmt:
				walk(n.X, inLoop)
				walk(n.Body, true)
				return false
			case *ast.CallExpr:
				visit(n, inLoop)
			}
			return true
		})
	}
	walk(n, false)
}

// callee returns what the function a call calls does about claims; for a
// method of one of the module's interfaces, that it dispatches to it.
func (g *callGraph) callee(call *ast.CallExpr) *Jobs {
	c, ok := g.callees[call]
	if !ok {
		c = g.findCallee(call)
		g.callees[call] = c
	}
	switch {
	case c.fn == nil:
		return nil
	case c.dispatch:
		return c.through
	}
	return g.funcJobs(c.fn)
}

// findCallee finds what a call calls.
func (g *callGraph) findCallee(call *ast.CallExpr) calleeOf {
	fn, ok := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return calleeOf{}
	}
	d, ok := g.dispatch(call, fn)
	if !ok {
		return calleeOf{fn: fn}
	}
	// The receiver's concrete types, where the code shows them, narrow the
	// call to their methods; a receiver that can only be nil runs nothing.
	if e := effectsOf(g.pass); e != nil {
		if ts, known := e.ReceiverTypes(e.Call(call)); known {
			if len(ts) == 0 {
				return calleeOf{fn: fn, dispatch: true}
			}
			d.Types = strings.Join(ts, ",")
		}
	}
	return calleeOf{fn: fn, dispatch: true, through: &Jobs{Through: []Dispatch{d}}}
}

// funcJobs returns what a function does about claims, from this package or
// from a fact, or nil.
func (g *callGraph) funcJobs(fn *types.Func) *Jobs {
	if c := g.jobs[fn]; c != nil {
		return c
	}
	if fn.Pkg() != nil && fn.Pkg() != g.pass.Pkg {
		var c Jobs
		if g.pass.ImportObjectFact(fn.Origin(), &c) {
			return &c
		}
	}
	return nil
}

func (g *callGraph) exportFacts() {
	for fn, c := range g.jobs {
		g.pass.ExportObjectFact(fn, c)
	}
	g.exportImplementations()
}

// Outcomes is a set of the outcomes bookkeeping writes record.
type Outcomes uint8

const (
	OutcomeSuccess Outcomes = 1 << iota // a completion that records success
	OutcomeFailure                      // the job failed for good
	OutcomeRetry                        // the job goes back to the queue
)

func (o Outcomes) String() string {
	var names []string
	for _, n := range []struct {
		o    Outcomes
		name string
	}{{OutcomeSuccess, "completion"}, {OutcomeFailure, "failure"}, {OutcomeRetry, "retry"}} {
		if o&n.o != 0 {
			names = append(names, n.name)
		}
	}
	return strings.Join(names, "/")
}

// callOutcomes returns the outcomes a SQL call's statements record: a
// completion that records success (a progress mark between two steps of
// the work does not), a failure, a retry. A completion written in a
// transaction counts: its error, or the commit's, is the write's too.
func callOutcomes(m *Model, c *Call) Outcomes {
	var o Outcomes
	for _, st := range c.Stmts {
		switch st.Role {
		case RoleComplete:
			if qt := m.Tables[st.Table]; qt != nil && qt.Succeeds(st) {
				o |= OutcomeSuccess
			}
		case RoleFail:
			o |= OutcomeFailure
		case RoleRetry:
			o |= OutcomeRetry
		}
	}
	return o
}

// dispatchOf returns the method of one of the module's interfaces a call
// calls (its key: the receiver's types aside), if it calls one.
func (g *callGraph) dispatchOf(call *ast.CallExpr) (Dispatch, bool) {
	g.callee(call)
	c := g.callees[call]
	if !c.dispatch || c.through == nil || len(c.through.Through) != 1 {
		return Dispatch{}, false
	}
	return c.through.Through[0].key(), true
}

// passes reports whether a function passes on the error of one of its
// calls (effects.PassedErrors), read on SSA once per function.
func (g *callGraph) passes(decl *ast.FuncDecl, call *ast.CallExpr) bool {
	set, ok := g.passed[decl]
	if !ok {
		if e := effectsOf(g.pass); e != nil {
			calls := e.PassedErrors(decl)
			for _, s := range g.sites[decl] {
				if c := e.Call(s.call); c != nil && calls[c] {
					if set == nil {
						set = map[*ast.CallExpr]bool{}
					}
					set[s.call] = true
				}
			}
		}
		g.passed[decl] = set
	}
	return set[call]
}
