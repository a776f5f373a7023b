package bookkeeping

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/jobrecords"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

//go:embed rule.txtar
var record []byte

// Rule is the bookkeeping rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer, jobrecords.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*DroppedThrough)(nil)},
})

// Analyzer reports the bookkeeping rule's findings.
var Analyzer = Rule.Analyzer

const (
	msgRerun = "the error of this completion takes the failure path\nwhen recording success fails after the handler succeeded, the job is retried and runs again " +
		"(a second email, a second charge); handle handler errors and bookkeeping errors apart, and retry the bookkeeping write"
	msgStop = "a failed bookkeeping write stops the worker here\none database hiccup ends the worker and every job in hand; " +
		"log it and go on (the lease returns the job), or retry the write"
	// msgStopNoReclaim is msgStop where nothing returns an expired claim to
	// the queue: the advice must not lean on a lease the module lacks.
	msgStopNoReclaim = "a failed bookkeeping write stops the worker here\none database hiccup ends the worker and every job in hand; " +
		"retry the write, or log it and go on (no statement here returns an expired claim to the queue, so the job stays in progress until someone resets it)"
)

// msgStopRelay is msgStop for a relay (an outbox): nothing claims its
// rows, so a mark that failed leaves them to be handed on again.
const msgStopRelay = "a failed bookkeeping write stops the worker here\none database hiccup ends the relay, and the rows it handed on stay unmarked; " +
	"log it and go on (the next poll hands them on again), or retry the write"

// msgAbandon is msgStop where the write's error returns from a loop over
// the batch the function claimed, and the function loops no further: the
// return abandons the rest of the batch, whatever its caller then does
// (eval22 gh-notify RunOnce: Run logs the error and claims again at the
// next tick; the rows after the failed one stay 'sending').
const (
	msgAbandon = "a failed bookkeeping write abandons the claimed batch here\nthe return leaves every job of the batch after this one claimed and not run; " +
		"log it and go on with the next job (the lease returns this one), or retry the write"
	msgAbandonNoReclaim = "a failed bookkeeping write abandons the claimed batch here\nthe return leaves every job of the batch after this one claimed and not run, " +
		"and no statement here returns an expired claim to the queue, so they stay in progress until someone resets them; log it and go on with the next job, or retry the write"
)

// abandonMessage is msgAbandon when a statement the package sees reclaims
// expired claims, else msgAbandonNoReclaim.
func abandonMessage(m *queuemodel.Model) string {
	if stopMessage(m) == msgStop {
		return msgAbandon
	}
	return msgAbandonNoReclaim
}

// returnAbandonsBatch reports whether a write whose error a function
// returns to a check that stops the worker (see errFlow), without exiting
// the program, is made in a loop over a batch in hand (for _, job := range
// jobs, over a slice, array or map): what the write's function does is
// abandon the rest of the batch, whatever its caller does next.
func (s *summary) returnAbandonsBatch(root inspector.Cursor, w *ast.CallExpr, check *ast.IfStmt) bool {
	if check.Pos() <= w.Pos() && w.End() <= check.End() || s.fatal(check.Body) {
		return false
	}
	cur, ok := root.FindNode(w)
	if !ok {
		return false
	}
	for loop := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		rng, ok := loop.Node().(*ast.RangeStmt)
		if !ok {
			return false
		}
		switch t := s.pass.TypesInfo.TypeOf(rng.X); t.(type) {
		case nil:
			return false
		default:
			switch t.Underlying().(type) {
			case *types.Slice, *types.Array, *types.Map:
				return true
			}
			return false
		}
	}
	return false
}

// stopMessage is msgStop when a statement the package sees reclaims
// expired claims, else msgStopNoReclaim; msgStopRelay when the package's
// queues are all relays.
func stopMessage(m *queuemodel.Model) string {
	relays := 0
	for _, qt := range m.Tables {
		if qt.Relay() {
			relays++
		}
	}
	if relays > 0 && relays == len(m.Tables) {
		return msgStopRelay
	}
	for _, qt := range m.Tables {
		for _, st := range qt.Statements {
			if st.Role == queuemodel.RoleReclaim {
				return msgStop
			}
		}
	}
	return msgStopNoReclaim
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	s := summarize(pass, m)
	s.e = pass.ResultOf[effects.Analyzer].(*effects.Effects)
	if !m.Dependency() {
		// A worker package that knows its store only by an interface
		// has no table of its own: what it drops, a command judges.
		s.exportDroppedThrough(pass.Files)
		s.judgeDroppedThrough()
	}
	if len(m.Tables) == 0 && len(m.JobRecords()) == 0 {
		return nil, nil
	}
	flow := newErrFlow(s)
	root := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model).Inspector().Root()
	reported := map[token.Pos]bool{}
	report := func(pos token.Pos, msg string) {
		// Tests and examples run once and stop on any error: they are not
		// workers.
		if !reported[pos] && !queuemodel.InTestFile(pass, pos) {
			reported[pos] = true
			pass.Report(analysis.Diagnostic{Pos: pos, Message: msg})
		}
	}
	for cur := range root.Preorder((*ast.IfStmt)(nil)) {
		ifs := cur.Node().(*ast.IfStmt)
		errObj := nilCheck(pass, ifs.Cond)
		if errObj == nil {
			continue
		}
		srcs := s.reaching(cur, ifs, s.unwrap(cur, s.sources(cur, ifs, errObj)))
		if s.failsJob(ifs.Body) {
			for _, src := range srcs {
				if c := s.completion(src); c != nil {
					report(c.Pos(), msgRerun)
				}
			}
		}
		if s.stopsWorker(cur, ifs.Body) {
			for _, src := range srcs {
				if s.bookkeeping(src) && !s.oneShot(src) && !s.beforeWork(src) {
					report(src.Pos(), stopMessage(m))
				}
			}
			// Writes whose error reaches the check through a function's
			// return or a channel.
			body, _ := flow.enclosing(cur)
			for _, w := range flow.checkOrigins(body, ifs, errObj).sorted() {
				if !s.oneShot(w) && !s.beforeWork(w) {
					msg := stopMessage(m)
					if s.returnAbandonsBatch(root, w, ifs) {
						msg = abandonMessage(m)
					}
					report(w.Pos(), msg)
				}
			}
		}
	}
	// A function that runs the claim loop and returns a write's error
	// ends the loop with it (Start returns what its workers send on errCh).
	for _, fn := range flow.loopFuncs() {
		if s.supervisedFunc(fn) || s.drains(flow.decls[fn].Body) {
			continue
		}
		for _, w := range flow.stops[fn].sorted() {
			if !s.oneShot(w) && !s.beforeWork(w) {
				report(w.Pos(), stopMessage(m))
			}
		}
	}
	s.checkDiscarded(pass.Files, report)
	checkTxCompletions(pass, m, pass.ResultOf[effects.Analyzer].(*effects.Effects), report)
	return nil, nil
}

// summary answers what calls do to jobs, from the queue model (which knows
// the functions of other packages through facts).
type summary struct {
	pass *analysis.Pass
	m    *queuemodel.Model
	e    *effects.Effects
}

func summarize(pass *analysis.Pass, m *queuemodel.Model) *summary { return &summary{pass: pass, m: m} }

// completes reports whether a call records a success outside a transaction.
func (s *summary) completes(call *ast.CallExpr) bool {
	if s.m.Direct(call).Completes {
		return true
	}
	if end, ok := s.m.RecordEnd(call); ok && end.Succeeds {
		return true // a job record's outcome (see queuemodel.JobRecord)
	}
	j := s.m.JobsOf(call)
	return j != nil && j.Completes
}

// fails reports whether a call records a failure or a retry.
func (s *summary) fails(call *ast.CallExpr) bool {
	if s.m.Direct(call).Fails {
		return true
	}
	if end, ok := s.m.RecordEnd(call); ok && end.Fails {
		return true
	}
	j := s.m.JobsOf(call)
	return j != nil && j.Fails
}

func (s *summary) callee(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(s.pass.TypesInfo, call).(*types.Func)
	return fn
}

// any reports whether some call in n satisfies f.
func (s *summary) any(n ast.Node, f func(*ast.CallExpr) bool) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && f(call) {
			found = true
		}
		return !found
	})
	return found
}

func (s *summary) failsJob(body *ast.BlockStmt) bool { return s.any(body, s.fails) }

// completion returns the call that records success and whose error is the
// value of src: src itself, or the completion a closure called in place
// returns (err = func() error { ...; return w.finish(job) }()).
func (s *summary) completion(src *ast.CallExpr) *ast.CallExpr {
	if s.m.Direct(src).Completes {
		return src
	}
	if end, ok := s.m.RecordEnd(src); ok && end.Succeeds {
		return src
	}
	if lit, ok := ast.Unparen(src.Fun).(*ast.FuncLit); ok {
		return s.returnedCompletion(lit.Body)
	}
	j := s.m.JobsOf(src)
	if j == nil || !j.Completes {
		return nil
	}
	if j.Writes {
		return src // finish(job): its error is the completion's
	}
	// A helper that runs the job and records it (process(job)) passes the
	// completion's error on only if it returns it; one of another package
	// (a store's method that calls the database layer's) says so.
	if decl := s.decl(src); decl != nil {
		if s.returnedCompletion(decl.Body) != nil {
			return src
		}
	} else if j.Returns {
		return src
	}
	return nil
}

// returnedCompletion returns a completion whose result a body returns:
// return w.finish(job), directly or through the error variable it set.
func (s *summary) returnedCompletion(body *ast.BlockStmt) *ast.CallExpr {
	completions := map[types.Object]*ast.CallExpr{}
	var found *ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if len(n.Rhs) == 1 {
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && s.completes(call) {
					for _, l := range n.Lhs {
						if id, ok := l.(*ast.Ident); ok {
							completions[s.pass.TypesInfo.ObjectOf(id)] = call
						}
					}
				}
			}
		case *ast.ReturnStmt:
			for _, r := range n.Results {
				switch r := ast.Unparen(r).(type) {
				case *ast.CallExpr:
					if s.completes(r) && found == nil {
						found = r
					}
				case *ast.Ident:
					if c := completions[s.pass.TypesInfo.Uses[r]]; c != nil && found == nil {
						found = c
					}
				}
			}
		}
		return found == nil
	})
	return found
}

// decl returns the declaration of the function a call calls, when it is in
// this package.
func (s *summary) decl(call *ast.CallExpr) *ast.FuncDecl {
	fn := s.callee(call)
	if fn == nil {
		return nil
	}
	for _, f := range s.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && s.pass.TypesInfo.Defs[fd.Name] == fn {
				return fd
			}
		}
	}
	return nil
}

// bookkeeping reports whether a call's error is a bookkeeping error: it
// writes a job's outcome, or calls a function that does and claims nothing.
func (s *summary) bookkeeping(call *ast.CallExpr) bool {
	if d := s.m.Direct(call); d.Completes || d.Fails {
		return true
	}
	if _, ok := s.m.RecordEnd(call); ok {
		return true
	}
	j := s.m.JobsOf(call)
	return j != nil && j.Writes
}

// stopsWorker reports whether a branch ends the worker: log.Fatal, panic,
// os.Exit, or a return out of the loop that claims jobs.
func (s *summary) stopsWorker(cur inspector.Cursor, body *ast.BlockStmt) bool {
	if s.fatal(body) {
		return true
	}
	returns := s.returnsOnError(body)
	if s.breaksClaimLoop(cur, body) {
		return true
	}
	if !returns {
		return false
	}
	for loop := range cur.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch loop.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
		// A return inside the loop that claims jobs ends the worker,
		// unless a supervisor restarts the loop, or the loop is a drain
		// whose callers, out of sight, run it again.
		return s.claimLoop(loop) && !s.supervised(cur) && !s.drains(loop.Node())
	}
	return false
}

// returnsOnError reports whether a branch that handles an error returns
// because of it: a return of its own, closures aside. A return the branch
// takes only once the worker's context has ended (case <-ctx.Done():
// return in the select that waits before the next tick, or if ctx.Err()
// != nil { return }) ends a worker that was told to stop, not one that
// stopped on the error: otherwise the branch logs and goes on. So does a
// return under a condition that reads no error (see counted).
func (s *summary) returnsOnError(body *ast.BlockStmt) bool {
	returns := false
	counted := s.counted(body)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ReturnStmt:
			returns = returns || !counted[n]
		case *ast.FuncLit:
			return false
		case *ast.CommClause:
			if s.receivesDone(n.Comm) {
				return false
			}
		case *ast.IfStmt:
			if s.contextEnded(n.Cond) {
				if n.Init != nil {
					ast.Inspect(n.Init, func(m ast.Node) bool { _, ok := m.(*ast.ReturnStmt); returns = returns || ok; return !returns })
				}
				if n.Else != nil {
					returns = returns || s.returnsOnError(&ast.BlockStmt{List: []ast.Stmt{n.Else}})
				}
				return false
			}
		}
		return !returns
	})
	return returns
}

// counted returns the returns of an error's branch that run under a
// condition reading no error (if errorsInARow >= maxErrors { return err }):
// the worker gives up after errors it counted, and goes on after one. A
// check of the context reads its error (ctx.Err() != nil).
func (s *summary) counted(body *ast.BlockStmt) map[*ast.ReturnStmt]bool {
	out := map[*ast.ReturnStmt]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			if s.readsError(n.Cond) {
				return true
			}
			ast.Inspect(n, func(m ast.Node) bool {
				if r, ok := m.(*ast.ReturnStmt); ok {
					out[r] = true
				}
				_, lit := m.(*ast.FuncLit)
				return !lit
			})
			return false
		}
		return true
	})
	return out
}

// readsError reports whether an expression reads a value of type error.
func (s *summary) readsError(e ast.Expr) bool {
	reads := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && !reads {
			if tv, ok := s.pass.TypesInfo.Types[x]; ok && tv.IsValue() && types.Identical(tv.Type, errorType) {
				reads = true
			}
		}
		return !reads
	})
	return reads
}

// receivesDone reports whether a select case receives from a context's
// Done channel: case <-ctx.Done(), or v := <-ctx.Done().
func (s *summary) receivesDone(comm ast.Stmt) bool {
	var x ast.Expr
	switch c := comm.(type) {
	case *ast.ExprStmt:
		x = c.X
	case *ast.AssignStmt:
		if len(c.Rhs) == 1 {
			x = c.Rhs[0]
		}
	}
	recv, ok := ast.Unparen(x).(*ast.UnaryExpr)
	return ok && recv.Op == token.ARROW && s.contextCall(recv.X, "Done")
}

// contextEnded reports whether a condition says the context ended:
// ctx.Err() != nil.
func (s *summary) contextEnded(cond ast.Expr) bool {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return false
	}
	if id, ok := ast.Unparen(bin.Y).(*ast.Ident); !ok || id.Name != "nil" {
		return false
	}
	return s.contextCall(bin.X, "Err")
}

// contextCall reports whether e calls a context.Context's method name.
func (s *summary) contextCall(e ast.Expr, name string) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	t := s.pass.TypesInfo.TypeOf(sel.X)
	named, ok := t.(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// drains reports whether a claim loop is a drain: it returns once the
// claim finds no job (sql.ErrNoRows, pgx.ErrNoRows, an empty batch). Its
// callers run it again for the jobs that come later; whether they stop on
// its error is theirs to say, and the callers in sight are judged where
// they call it (a loop that stops on the error is itself a worker that
// stops).
func (s *summary) drains(loop ast.Node) bool {
	found := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if ifs, ok := n.(*ast.IfStmt); ok && s.noJob(ifs.Cond) && leaves(ifs.Body) {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// noJob reports whether a condition says a claim found no job: it names
// ErrNoRows (of database/sql or pgx), or compares a length with 0.
func (s *summary) noJob(cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := s.pass.TypesInfo.Uses[n].(*types.Var); ok && v.Name() == "ErrNoRows" && v.Pkg() != nil &&
				(v.Pkg().Path() == "database/sql" || strings.HasPrefix(v.Pkg().Path(), "github.com/jackc/pgx")) {
				found = true
			}
		case *ast.BinaryExpr:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && n.Op == token.EQL && isZeroLit(n.Y) {
				if id, ok := call.Fun.(*ast.Ident); ok && id.Name == "len" && s.pass.TypesInfo.Uses[id] == types.Universe.Lookup("len") {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func isZeroLit(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Kind == token.INT && lit.Value == "0"
}

// leaves reports whether a block ends by returning: a return only in a
// select on the context (the worker stopped) is no way out of a loop
// that sleeps and looks again.
func leaves(body *ast.BlockStmt) bool {
	if len(body.List) == 0 {
		return false
	}
	_, ok := body.List[len(body.List)-1].(*ast.ReturnStmt)
	return ok
}

// oneShot reports whether a bookkeeping call is made in a command that
// holds no job when it gets there: in package main (whose every caller is
// in sight), no claim runs before it in its function, nor before any call
// of the package that leads to it, back to main (reproq triage retry:
// parse flags, requeue the failed jobs, log.Fatal on an error). Ending
// such a command ends no job in hand, and nothing runs it again. A
// function reached through a value (a callback, a command table) has
// callers out of sight: not one.
func (s *summary) oneShot(src *ast.CallExpr) bool {
	if s.pass.Pkg.Name() != "main" || !s.e.Built() {
		return false
	}
	at := s.e.Call(src)
	return at != nil && !s.mayHoldJob(at, map[*ssa.Function]bool{})
}

// mayHoldJob reports whether a job may have been claimed when at runs: a
// claim of its function may run before it, or its function is called by
// the package where one may have (or by code out of sight).
func (s *summary) mayHoldJob(at ssa.Instruction, seen map[*ssa.Function]bool) bool {
	fn := at.Parent()
	for _, c := range s.claims(fn) {
		if c == nil || c.Parent() != fn || effects.Reaches(c, at, nil) {
			return true // a claim in a literal of fn may run at any time
		}
	}
	if seen[fn] {
		return false
	}
	seen[fn] = true
	if fn.Name() == "main" && fn.Signature.Recv() == nil {
		return false
	}
	callers := s.e.CallersOf(fn)
	if len(callers) == 0 {
		return true
	}
	for _, k := range callers {
		if s.mayHoldJob(k, seen) {
			return true
		}
	}
	return false
}

// claims returns the calls in fn's source (its literals' included) that
// claim or poll jobs, as SSA calls (nil where there is none).
func (s *summary) claims(fn *ssa.Function) []ssa.CallInstruction {
	syntax := fn.Syntax()
	if syntax == nil {
		return nil
	}
	var out []ssa.CallInstruction
	ast.Inspect(syntax, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if j := s.m.JobsOf(call); s.m.RunsClaim(call) || j != nil && j.Claims {
			out = append(out, s.e.Call(call))
		}
		return true
	})
	return out
}

// fatal reports whether a body ends the process: log.Fatal, panic, os.Exit.
func (s *summary) fatal(body *ast.BlockStmt) bool {
	return s.any(body, func(call *ast.CallExpr) bool {
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok && id.Name == "panic" && s.pass.TypesInfo.Uses[id] == types.Universe.Lookup("panic") {
			return true
		}
		fn := s.callee(call)
		if fn == nil || fn.Pkg() == nil {
			return false
		}
		switch fn.Pkg().Path() + "." + fn.Name() {
		case "os.Exit", "log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln":
			return true
		}
		return false
	})
}

// claimLoop reports whether a loop claims jobs.
func (s *summary) claimLoop(loop inspector.Cursor) bool {
	return s.any(loop.Node(), func(call *ast.CallExpr) bool {
		j := s.m.JobsOf(call)
		return s.m.RunsClaim(call) || (j != nil && j.Claims)
	})
}

// breaksClaimLoop reports whether a branch breaks out of the loop that
// claims jobs: a break whose target is that loop, not a switch or select.
func (s *summary) breaksClaimLoop(cur inspector.Cursor, body *ast.BlockStmt) bool {
	for b := range cur.Preorder((*ast.BranchStmt)(nil)) {
		br := b.Node().(*ast.BranchStmt)
		if br.Tok != token.BREAK || br.Pos() < body.Pos() || br.End() > body.End() {
			continue
		}
		if target, ok := breakTarget(b, br); ok && s.claimLoop(target) {
			return true
		}
	}
	return false
}

// breakTarget returns the loop a break leaves, if it leaves a loop.
func breakTarget(b inspector.Cursor, br *ast.BranchStmt) (inspector.Cursor, bool) {
	for c := range b.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.TypeSwitchStmt)(nil),
		(*ast.SelectStmt)(nil), (*ast.LabeledStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch n := c.Node().(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return c, false
		case *ast.LabeledStmt:
			if br.Label != nil && n.Label.Name == br.Label.Name {
				inner, ok := c.FirstChild() // the label, then the statement
				if ok {
					inner, ok = inner.NextSibling()
				}
				_, loop := n.Stmt.(*ast.ForStmt)
				_, rng := n.Stmt.(*ast.RangeStmt)
				return inner, ok && (loop || rng)
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if br.Label == nil {
				return c, true
			}
		default:
			if br.Label == nil {
				return c, false // leaves the switch or select
			}
		}
	}
	return b, false
}

// supervised reports whether the function holding cur is a loop that a
// supervisor restarts: every call of it in the package sits in a loop that
// goes on when it returns an error (logs, backs off, calls it again).
func (s *summary) supervised(cur inspector.Cursor) bool {
	var fn *types.Func
	for d := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn, _ = s.pass.TypesInfo.Defs[d.Node().(*ast.FuncDecl).Name].(*types.Func)
	}
	return s.supervisedFunc(fn)
}

// supervisedFunc reports whether every call of fn in the package sits in
// a loop that goes on when it returns an error (and there is one).
func (s *summary) supervisedFunc(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	root := s.m.Inspector().Root()
	calls := 0
	for c := range root.Preorder((*ast.CallExpr)(nil)) {
		if s.callee(c.Node().(*ast.CallExpr)) != fn {
			continue
		}
		calls++
		if !s.restarts(c) {
			return false
		}
	}
	if calls == 0 {
		// Called only from other packages (the worker command's ticker):
		// judged at their loops, read from their syntax.
		return queuemodel.RestartedByOtherPackages(s.pass, s.m.ModuleRoot(), fn)
	}
	return true
}

// restarts reports whether a call sits in a loop of its function that does
// not stop when the call returns an error.
func (s *summary) restarts(call inspector.Cursor) bool {
	var loop inspector.Cursor
	found := false
	for c := range call.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil), (*ast.FuncLit)(nil), (*ast.FuncDecl)(nil)) {
		switch c.Node().(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loop, found = c, true
		}
		break
	}
	if !found {
		return false
	}
	errObj := s.errResult(call)
	if errObj == nil {
		return true // the error is dropped: the loop goes on
	}
	for c := range loop.Preorder((*ast.IfStmt)(nil)) {
		ifs := c.Node().(*ast.IfStmt)
		if nilCheck(s.pass, ifs.Cond) != errObj {
			continue
		}
		stops := s.returnsOnError(ifs.Body)
		ast.Inspect(ifs.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BranchStmt:
				stops = stops || n.Tok == token.BREAK || n.Tok == token.GOTO
			case *ast.FuncLit:
				return false
			}
			return !stops
		})
		if stops || s.fatal(ifs.Body) {
			return false
		}
	}
	return true
}

// errResult returns the variable a call's error result is assigned to, or nil.
func (s *summary) errResult(call inspector.Cursor) types.Object {
	as, ok := call.Parent().Node().(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 {
		return nil
	}
	id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
	if !ok {
		return nil
	}
	obj := s.pass.TypesInfo.ObjectOf(id)
	if obj == nil || !types.Identical(obj.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return obj
}

// nilCheck returns the error variable of a condition `err != nil`.
func nilCheck(pass *analysis.Pass, cond ast.Expr) types.Object {
	bin, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || bin.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(bin.X), ast.Unparen(bin.Y)
	if id, ok := y.(*ast.Ident); !ok || id.Name != "nil" {
		return nil
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	obj := pass.TypesInfo.Uses[id]
	if obj == nil || !types.Identical(obj.Type(), types.Universe.Lookup("error").Type()) {
		return nil
	}
	return obj
}

// sources returns the calls whose error result the checked variable may
// hold: the if's own init (if err := f(); err != nil), or the assignments
// to it earlier in the same function.
func (s *summary) sources(cur inspector.Cursor, ifs *ast.IfStmt, errObj types.Object) []*ast.CallExpr {
	if ifs.Init != nil {
		if out := s.assignedIn(ifs.Init, errObj); len(out) > 0 {
			return out
		}
	}
	return s.assignedBefore(cur, ifs.Pos(), errObj)
}

// reaching keeps of srcs the calls whose error can reach the check ifs on
// SSA: assignedBefore reads the function's statements by position, and in
// a loop that takes in an assignment made after the check (err = finish()
// below an `if err != nil { retry() }` on the handler's error). What SSA
// cannot tell stays.
func (s *summary) reaching(cur inspector.Cursor, ifs *ast.IfStmt, srcs []*ast.CallExpr) []*ast.CallExpr {
	var fn ast.Node
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		fn = f.Node()
		break
	}
	bin, _ := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	calls, known := s.e.ErrorSources(fn, bin)
	if !known {
		return srcs
	}
	return slices.DeleteFunc(slices.Clone(srcs), func(src *ast.CallExpr) bool {
		c := s.e.Call(src)
		return c != nil && !calls[c]
	})
}

// assignedBefore returns the calls assigned to a variable in the function
// around cur, in the statements that start before pos.
func (s *summary) assignedBefore(cur inspector.Cursor, pos token.Pos, obj types.Object) []*ast.CallExpr {
	var out []*ast.CallExpr
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var body *ast.BlockStmt
		switch f := fn.Node().(type) {
		case *ast.FuncDecl:
			body = f.Body
		case *ast.FuncLit:
			body = f.Body
		}
		for _, stmt := range body.List {
			if stmt.Pos() >= pos {
				break
			}
			out = append(out, s.assignedIn(stmt, obj)...)
		}
		break
	}
	return out
}

// assignedIn returns the calls assigned to a variable in n, closures aside.
func (s *summary) assignedIn(n ast.Node, obj types.Object) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(n, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			_, lit := n.(*ast.FuncLit)
			return !lit || n == nil
		}
		for i, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || s.pass.TypesInfo.ObjectOf(id) != obj {
				continue
			}
			rhs := as.Rhs[0]
			if len(as.Rhs) == len(as.Lhs) {
				rhs = as.Rhs[i]
			}
			if call, ok := ast.Unparen(rhs).(*ast.CallExpr); ok {
				out = append(out, call)
			}
		}
		return true
	})
	return out
}

// unwrap adds, to the calls whose error a variable holds, the calls whose
// errors those wrap: fmt.Errorf("...: %w", err), errors.Join(a, b), or a
// helper of the package that takes the error and writes no job
// (annotate(id, err)).
func (s *summary) unwrap(cur inspector.Cursor, srcs []*ast.CallExpr) []*ast.CallExpr {
	out := slices.Clone(srcs)
	seen := map[*ast.CallExpr]bool{}
	for i := 0; i < len(out); i++ {
		call := out[i]
		if seen[call] || !s.wraps(call) {
			continue
		}
		seen[call] = true
		for _, arg := range call.Args {
			if t := s.pass.TypesInfo.TypeOf(arg); t == nil || !types.Identical(t, errorType) {
				continue
			}
			switch a := ast.Unparen(arg).(type) {
			case *ast.CallExpr:
				out = append(out, a)
			case *ast.Ident:
				if obj := s.pass.TypesInfo.Uses[a]; obj != nil {
					out = append(out, s.assignedBefore(cur, call.Pos(), obj)...)
				}
			}
		}
	}
	return out
}

var errorType = types.Universe.Lookup("error").Type()

// wraps reports whether a call builds its error from the errors it is given.
func (s *summary) wraps(call *ast.CallExpr) bool {
	fn := s.callee(call)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() + "." + fn.Name() {
	case "fmt.Errorf", "errors.Join":
		return true
	}
	return fn.Pkg() == s.pass.Pkg && s.m.JobsOf(call) == nil && s.m.Direct(call).Empty()
}
