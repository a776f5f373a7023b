package maxattempts

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the maxattempts rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*Retries)(nil), (*CountFree)(nil), (*RelaySteps)(nil), (*Wired)(nil), (*RetryMethods)(nil)},
})

// Analyzer reports the maxattempts rule's findings.
var Analyzer = Rule.Analyzer

var (
	// limitName matches the names attempt limits go by.
	limitName = regexp.MustCompile(`(?i)^max_?(job_?)?(attempts?|retries|retry|tries)$|^(attempts?|retries|retry|tries)_?(limit|max)$`)
)

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	e := newJudge(pass, m, pass.ResultOf[effects.Analyzer].(*effects.Effects))
	if !effects.DependencyCode(pass) {
		exportCountFree(pass) // a library's bools keep the benefit of the doubt
	}
	deferred := newRetriesAt()
	defer deferred.export(pass)
	unguarded, guardedFail := unguardedRetries(pass, m, e, deferred)
	wire := newWiring()
	callsRetry := judgeCalls(pass, m, e, guardedFail, deferred, wire)
	wire.export(pass, e)
	judgeWired(pass, m, e, deferred, wire.commandCalls)
	exportRetryMethods(pass, e, deferred)
	exportRelaySteps(pass, m, e)
	judgeRelaySteps(pass, m, e)
	if len(m.Tables) == 0 {
		return nil, nil // no queue, no retries to bound
	}
	root := m.Inspector().Root()
	reported := false
	var limits []types.Object
	if runsQueueSQL(m) || callsRetry {
		limits = unreadLimits(pass, m, root)
	}
	for _, limit := range limits {
		d := analysis.Diagnostic{
			Pos: limit.Pos(),
			Message: fmt.Sprintf("%s is declared but no decision reads it\na job that always fails is retried for ever and never reaches a terminal state anyone sees; "+
				"when the attempts reach %s, set the job to 'failed' and keep its last error", limit.Name(), limit.Name()),
		}
		if len(unguarded) > 0 {
			d.Related = []analysis.RelatedInformation{{Pos: unguarded[0].Pos(), Message: "the retry it should stop"}}
		}
		pass.Report(d)
		reported = true
	}
	for _, col := range unreadColumns(m) {
		d := analysis.Diagnostic{
			Pos: m.Pos(col.Type.Loc),
			Message: fmt.Sprintf("%s holds an attempt limit, but no statement in the module reads it\na job that always fails is retried for ever; "+
				"compare it in the statement that records a failure (WHERE attempts < %s, or CASE WHEN attempts >= %s THEN 'failed' ...)", col.Name, col.Name, col.Name),
		}
		if len(unguarded) > 0 {
			d.Related = []analysis.RelatedInformation{{Pos: unguarded[0].Pos(), Message: "the retry it should stop"}}
		}
		pass.Report(d)
		reported = true
	}
	if reported {
		return nil, nil
	}
	reportRollbacks(pass, rollbackRetries(pass, m, e))
	reportRelayRetries(pass, m, e)
	reportLimitSkips(pass, m, e)
	for _, r := range unguarded {
		related := r.Related()
		if qt := m.Tables[r.Table]; qt != nil {
			// A helper that binds the state its callers give: the calls
			// that give it the state that puts the job back.
			for _, at := range qt.GivenBy(r) {
				related = append(related, analysis.RelatedInformation{Pos: at.Pos(), Message: "the call that gives it this state"})
			}
		}
		if at, ok := e.undoes[r]; ok {
			pass.Report(analysis.Diagnostic{
				Pos:     r.Pos(),
				Related: append(related, analysis.RelatedInformation{Pos: at, Message: "the failure it undoes"}),
				Message: "this retry puts back the job whose failure was just recorded\nevery path that records the terminal failure then puts the job back in a runnable state, so the limit that chose the failure stops nothing and a job that always fails is retried for ever; " +
					"leave the job failed, and requeue failed jobs only by hand",
			})
			continue
		}
		for _, at := range e.givers[r] {
			related = append(related, analysis.RelatedInformation{Pos: at, Message: "the call that binds the value that puts the job back, with no attempt comparison"})
		}
		pass.Report(analysis.Diagnostic{
			Pos:     r.Pos(),
			Related: related,
			Message: "this retry puts the job back with no limit\nnothing moves a job to a terminal state when its attempts run out, so a job that always fails is retried for ever; " +
				"guard it (CASE WHEN attempts >= $n THEN 'failed' ..., or if job.Attempts >= max { fail })",
		})
	}
	return nil, nil
}

// runsQueueSQL reports whether the package runs statements on a queue
// table. A package that runs none and calls no retry (an HTTP client of a
// module whose queue it imports) holds no limit of the queue's attempts:
// its maxRetries, if any, counts something else.
func runsQueueSQL(m *queuemodel.Model) bool {
	for _, qt := range m.QueueTables() {
		if len(qt.Statements) > 0 {
			return true
		}
	}
	return false
}

// unreadLimits returns the package's attempt limits that no decision reads.
func unreadLimits(pass *analysis.Pass, m *queuemodel.Model, root inspector.Cursor) []types.Object {
	var limits []types.Object
	bodiless := bodilessParams(root)
	for id, obj := range pass.TypesInfo.Defs {
		if obj == nil || !limitName.MatchString(id.Name) || !isCount(obj) || bodiless[id] ||
			strings.HasSuffix(pass.Fset.Position(id.Pos()).Filename, "_test.go") {
			continue
		}
		switch obj.(type) {
		case *types.Const, *types.Var:
			limits = append(limits, obj)
		}
	}
	read := map[types.Object]bool{}
	for cur := range root.Preorder((*ast.Ident)(nil)) {
		obj := pass.TypesInfo.Uses[cur.Node().(*ast.Ident)]
		if obj == nil || read[obj] || inLogCall(pass, cur) || written(cur) || onlyLogged(pass, cur) {
			continue
		}
		read[obj] = true
	}
	decidedElsewhere := paramsOfFuncsReadingALimit(pass, root, read)
	var out []types.Object
	for _, l := range limits {
		if read[l] || (l.Exported() && m.MentionedElsewhere(pass, l.Name())) || decidedElsewhere[l] {
			continue
		}
		out = append(out, l)
	}
	sortByPos(out)
	return out
}

// paramsOfFuncsReadingALimit returns the parameters of the functions that
// decide by an attempt limit other than those parameters: they read a
// limit (if attempts >= cfg.MaxRetries), or compare an attempt count with
// another value (if job.Attempts >= constants.MaxRetryAttempt), with a
// maxAttempts parameter left unused. The job still reaches its terminal
// state when its attempts run out: the parameter ignored stops nothing
// less.
func paramsOfFuncsReadingALimit(pass *analysis.Pass, root inspector.Cursor, read map[types.Object]bool) map[types.Object]bool {
	out := map[types.Object]bool{}
	for cur := range root.Preorder((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var ft *ast.FuncType
		var body *ast.BlockStmt
		switch fn := cur.Node().(type) {
		case *ast.FuncDecl:
			ft, body = fn.Type, fn.Body
		case *ast.FuncLit:
			ft, body = fn.Type, fn.Body
		}
		if body == nil || !decidesByALimit(pass, body, read) {
			continue
		}
		for _, f := range ft.Params.List {
			for _, name := range f.Names {
				if obj := pass.TypesInfo.Defs[name]; obj != nil {
					out[obj] = true
				}
			}
		}
	}
	return out
}

// decidesByALimit reports whether a function body reads an attempt limit
// outside a log line, or compares an attempt count with anything but zero.
func decidesByALimit(pass *analysis.Pass, body *ast.BlockStmt, read map[types.Object]bool) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			obj := pass.TypesInfo.Uses[n]
			found = found || obj != nil && read[obj] && limitName.MatchString(obj.Name())
		case *ast.BinaryExpr:
			found = found || ordersCount(n)
		}
		return !found
	})
	return found
}

// ordersCount reports whether an expression orders an attempt count
// against anything but zero (attempts >= max, tries+1 > limit).
func ordersCount(b *ast.BinaryExpr) bool {
	switch b.Op {
	case token.GEQ, token.GTR, token.LEQ, token.LSS:
		count := func(e ast.Expr) bool { return attempts.Operand(e, limitName.MatchString) }
		return count(b.X) && !isZero(b.Y) || count(b.Y) && !isZero(b.X)
	}
	return false
}

func isZero(e ast.Expr) bool {
	lit, ok := ast.Unparen(e).(*ast.BasicLit)
	return ok && lit.Value == "0"
}

// unreadColumns returns the attempt-limit columns (max_attempts...) of the
// queue tables this package reports the schema of, that no statement of the
// package or of the module's SQL reads.
func unreadColumns(m *queuemodel.Model) []*sqlcheck.Column {
	var out []*sqlcheck.Column
	if !m.ReportsAnySchema() {
		return nil
	}
	schema := m.Schema()
	for _, qt := range m.QueueTables() {
		t := schema.Table(qt.Name)
		if t == nil || !m.ReportsSchemaOf(qt) {
			continue
		}
		for _, col := range t.Columns {
			if limitName.MatchString(col.Name) && !readsColumn(m, qt, col.Name) {
				out = append(out, col)
			}
		}
	}
	return out
}

// readsColumn reports whether a statement on the table compares, computes
// with, or returns a column.
func readsColumn(m *queuemodel.Model, qt *queuemodel.QueueTable, col string) bool {
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	found := false
	for _, top := range stmts {
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			for _, p := range s.Where {
				found = found || p.Column == col || mentions(p.Text, col) || valuesMention(p.Values, col)
			}
			for _, a := range s.Set {
				found = found || mentions(a.Value.Text, col)
			}
			for _, o := range s.Outputs {
				found = found || o.Column == col || o.Star || slices.Contains(o.Reads, col) // read into Go, where a decision may use it
			}
		})
	}
	return found
}

func valuesMention(vs []sqlcheck.Value, col string) bool {
	for _, v := range vs {
		if v.Str == col || mentions(v.Text, col) {
			return true
		}
	}
	return false
}

func mentions(text, col string) bool {
	return regexp.MustCompile(`\b` + regexp.QuoteMeta(col) + `\b`).MatchString(text)
}

// isCount reports whether an object holds a number (or a flag's *int); a
// time.Duration is a time limit (a per-attempt timeout), not a count.
func isCount(obj types.Object) bool {
	t := obj.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" {
		return false
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

// bodilessParams returns the parameter names of signatures with no body
// (an interface's methods, a func type): no decision can read them there,
// the implementations' own parameters are judged where they are.
func bodilessParams(root inspector.Cursor) map[*ast.Ident]bool {
	out := map[*ast.Ident]bool{}
	for cur := range root.Preorder((*ast.FuncType)(nil)) {
		switch p := cur.Parent().Node().(type) {
		case *ast.FuncDecl:
			if p.Body != nil {
				continue
			}
		case *ast.FuncLit:
			continue
		}
		for _, f := range cur.Node().(*ast.FuncType).Params.List {
			for _, name := range f.Names {
				out[name] = true
			}
		}
	}
	return out
}

// inLogCall reports whether an identifier is an argument of a log or
// format call, where reading a limit decides nothing.
func inLogCall(pass *analysis.Pass, cur inspector.Cursor) bool {
	for c := range cur.Enclosing((*ast.CallExpr)(nil)) {
		fn, ok := typeutil.Callee(pass.TypesInfo, c.Node().(*ast.CallExpr)).(*types.Func)
		if !ok || fn.Pkg() == nil {
			continue
		}
		switch fn.Pkg().Path() {
		case "log", "log/slog", "fmt":
			return true
		}
		if strings.HasSuffix(fn.Name(), "f") || strings.HasPrefix(fn.Name(), "Print") {
			return true // a logger's Printf, Infof, Errorf...
		}
	}
	return false
}

// written reports whether an identifier is written rather than read: the
// left side of an assignment, or an address handed to a call that fills it
// (flag.IntVar(&cfg.MaxRetries, ...)). A Scan is the exception: a limit
// scanned from a column copies the column, which the SQL may compare
// (that is the column's business).
func written(cur inspector.Cursor) bool {
	for {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case *ast.SelectorExpr:
			if p.Sel != cur.Node() {
				return false // the limit is x in x.f: a read of x
			}
		case *ast.ParenExpr:
		case *ast.UnaryExpr:
			call, arg := parent.Parent().Node().(*ast.CallExpr)
			return p.Op == token.AND && arg && !isScanCall(call)
		case *ast.AssignStmt:
			return slices.Contains(p.Lhs, cur.Node().(ast.Expr))
		default:
			return false
		}
		cur = parent
	}
}

func isScanCall(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "Scan"
}

// onlyLogged reports whether an identifier feeds a computation whose
// result only a log or format call uses: left := max - attempts, then
// log.Printf("%d left", left).
func onlyLogged(pass *analysis.Pass, cur inspector.Cursor) bool {
	var assign *ast.AssignStmt
	for c := range cur.Enclosing((*ast.AssignStmt)(nil), (*ast.FuncDecl)(nil), (*ast.FuncLit)(nil), (*ast.BlockStmt)(nil)) {
		assign, _ = c.Node().(*ast.AssignStmt)
		break
	}
	if assign == nil || len(assign.Lhs) != 1 || len(assign.Rhs) != 1 || cur.Node().Pos() < assign.Rhs[0].Pos() {
		return false
	}
	id, ok := assign.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var)
	if !ok || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return false // a package variable: its readers are anywhere
	}
	uses := 0
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		for u := range fn.Preorder((*ast.Ident)(nil)) {
			if pass.TypesInfo.Uses[u.Node().(*ast.Ident)] != v {
				continue
			}
			if !inLogCall(pass, u) {
				return false
			}
			uses++
		}
		break
	}
	return uses > 0
}

// unguardedRetries returns the retries of the package that no attempt
// guard stops. It reports the retries that reset the attempt count, which
// no guard can stop, itself. A retry made on every path of an exported
// function that nothing in the package calls is left to that function's
// callers (see retriesAt). It also reports whether the package records a
// failure under an attempt guard of its own.
func unguardedRetries(pass *analysis.Pass, m *queuemodel.Model, e *judge, deferred *retriesAt) (out []*queuemodel.Statement, anyGuardedFail bool) {
	for _, qt := range m.QueueTables() {
		var retries, fails, chosen []*queuemodel.Statement
		for _, st := range qt.Statements {
			if st.BoundOutside {
				// Its callers choose the state, and what guards it, out of
				// sight: a retry they choose is judged at their calls.
				if st.Role == queuemodel.RoleRetry {
					chosen = append(chosen, st)
				}
				continue
			}
			switch st.Role {
			case queuemodel.RoleRetry:
				if !strings.HasSuffix(pass.Fset.Position(st.Call.Pos()).Filename, "_test.go") {
					retries = append(retries, st) // a test that puts a job back sets up a case
				}
			case queuemodel.RoleFail:
				fails = append(fails, st)
			}
		}
		// A failure made on every path of an exported function that
		// nothing here calls may be guarded by its callers, out of sight:
		// the retries beside it get the benefit of the doubt, unless they
		// too are left to their callers, who then judge both.
		// A failure the same path undoes at once bounds nothing, and the
		// retry that undoes it is judged on its own SQL alone.
		undoneFails, undoers := map[*queuemodel.Statement]bool{}, map[*queuemodel.Statement]token.Pos{}
		for _, u := range undoings(e, fails, retries) {
			undoneFails[u.fail] = true
			if _, ok := undoers[u.retry]; !ok {
				undoers[u.retry] = u.at
			}
		}
		guardedFail, failAtCallers := false, false
		for _, f := range fails {
			if undoneFails[f] {
				continue
			}
			v, _ := guard(e, e.Call(f.Call.Expr))
			guardedFail = guardedFail || v == guarded || sqlGuard(f.Stmt, sqlcheck.OpGe, sqlcheck.OpGt) || bodyGuard(f) || boundGuarded(e, f, qt.StateColumn)
			failAtCallers = failAtCallers || v == callersDecide
		}
		anyGuardedFail = anyGuardedFail || guardedFail
		if !guardedFail {
			handChosen(pass, m, e, qt, chosen, deferred)
		}
		for _, r := range retries {
			if redrive(e, qt, r) || checkedEnded(pass, m, e, qt, r) || outOfEveryPoll(qt, r) || endedEither(e, qt, r) || outOfDeadLetters(m, e, qt, r) || flagReset(qt, r) || editsJob(m, qt, r) {
				continue // an operator's requeue of a job that ended, not a retry path
			}
			if attempts.GivesBack(r.Stmt) {
				continue // a deferral: nothing ran, and the attempt is not spent
			}
			if resetsCount(r) == "" && leaseReclaimCounted(pass, m, qt, r) {
				continue // an expired lease taken back: the next claim counts the attempt
			}
			if col := resetsCount(r); col != "" {
				if call := e.Call(r.Call.Expr); call != nil {
					if byHand(call) {
						continue // an operator's "retry" button: a requeue by hand
					}
					if top, ok := resetAtCallers(e, call); ok {
						if obj, ok := top.Object().(*types.Func); ok {
							deferred.hand(pass, obj, Retries{Retry: m.Defer(pass, obj, 0, r, ""), Resets: col})
							continue
						}
					}
				}
				pass.Report(analysis.Diagnostic{
					Pos: r.Call.Pos(),
					Message: fmt.Sprintf("this retry resets %s to 0, the count the attempt limit is compared with\nthe limit is never reached, and a job that always fails is retried for ever; "+
						"keep counting (%s = %s + 1), and reset only when a job is enqueued again by hand", col, col, col),
				})
				continue
			}
			if at, ok := undoers[r]; ok {
				if !caseGuard(qt, r) && !sqlGuard(r.Stmt, sqlcheck.OpLt, sqlcheck.OpLe) && !pollGuard(qt, r) && !pollCapsCount(qt, r) {
					out = append(out, r)
					e.undoes[r] = at
				}
				continue
			}
			if guardedFail || caseGuard(qt, r) || sqlGuard(r.Stmt, sqlcheck.OpLt, sqlcheck.OpLe) || bodyGuard(r) || pollGuard(qt, r) || pollCapsCount(qt, r) || countSwept(qt, r) || setGuard(qt, r) || boundGuarded(e, r, qt.StateColumn) {
				continue
			}
			if p, when, ok := boolCase(qt, r); ok {
				// The bool bound into the CASE decides: judged where it is computed.
				switch c := boolChoice(e, r, p, when); {
				case c.unknown:
				case c.v == callersDecide:
					deferred.add(pass, m, c.fn, c.param, when, r)
				case c.v == unguarded && !failAtCallers:
					out = append(out, r)
					e.givers[r] = c.at
				}
				continue
			}
			call := e.Call(r.Call.Expr)
			if call == nil {
				continue // no SSA: the Go around it cannot be judged, so it is not guessed
			}
			switch v, fn := retryGuard(e, call); {
			case v == callersDecide:
				param, when := e.decidedBy[fn], e.retriesWhen[fn]
				if param == 0 {
					param, when = boundDecider(e, r, qt.StateColumn, fn)
				}
				deferred.add(pass, m, fn, param, when, r)
			case v == unguarded && !failAtCallers && !beforeWork(e, m, call, 2):
				out = append(out, r)
			}
		}
	}
	return out, anyGuardedFail
}

// handChosen hands on the retries whose state the callers of their
// exported function choose (SetStatus(ctx, id, "queued")): each package
// that calls the function with a state that retries judges that call.
// A retry its SQL or its function guards is not handed on.
func handChosen(pass *analysis.Pass, m *queuemodel.Model, e *judge, qt *queuemodel.QueueTable, chosen []*queuemodel.Statement, deferred *retriesAt) {
	type key struct {
		fn *ssa.Function
		at callerargs.Pos
	}
	facts := map[key]*Retries{}
	var order []key
	for _, r := range chosen {
		if redrive(e, qt, r) || checkedEnded(pass, m, e, qt, r) || endedEither(e, qt, r) || outOfDeadLetters(m, e, qt, r) || flagReset(qt, r) || editsJob(m, qt, r) || resetsCount(r) != "" ||
			caseGuard(qt, r) || sqlGuard(r.Stmt, sqlcheck.OpLt, sqlcheck.OpLe) || setGuard(qt, r) || bodyGuard(r) || pollGuard(qt, r) || pollCapsCount(qt, r) {
			continue
		}
		at, state, ok := r.ChosenByCallers(qt.StateColumn)
		call := e.Call(r.Call.Expr)
		if !ok || call == nil || effects.Guarded(call, guardCond(e)) {
			continue
		}
		k := key{call.Parent(), at}
		if f := facts[k]; f != nil {
			if !slices.Contains(f.States, state) {
				f.States = append(f.States, state)
			}
			continue
		}
		obj, ok := k.fn.Object().(*types.Func)
		if !ok {
			continue
		}
		facts[k] = &Retries{Retry: m.Defer(pass, obj, 0, r, ""), StateParam: at.Index + 1, StateField: at.Field, States: []string{state}}
		order = append(order, k)
	}
	for _, k := range order {
		slices.Sort(facts[k].States)
		deferred.hand(pass, k.fn.Object().(*types.Func), *facts[k])
	}
}

// pollGuard reports whether the polls take a job in the state a retry
// leaves it in only while its attempts are under a limit: WHERE status =
// 'queued' OR (status = 'failed' AND attempts < 5). A job out of attempts
// stays in that state for good.
func pollGuard(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	state, ok := setState(r, qt.StateColumn)
	if !ok {
		return false
	}
	polled := false
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			admits, guarded := branchesAdmitting(poll.Where, qt.StateColumn, state)
			if admits && !guarded {
				return false
			}
			polled = polled || admits
		}
	}
	return polled
}

// pollCapsCount reports whether a retry, or the claim, counts the attempt
// (SET retries = retries + 1, last_error = $2) and every poll of the table that takes
// the job in the state the retry leaves it in takes it only while that
// count is under a limit (AND retries < 5, AND retries < max_retries): a
// job out of attempts is never taken again. A retry that leaves the state
// as it is counts for every poll; one that sets it from a value the tool
// cannot read, too. A backoff computed from the count (power(2,
// LEAST(retries, 10))) is no limit.
func pollCapsCount(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	state, known := setState(r, qt.StateColumn)
	counted := countsWritten(r)
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleClaim {
			counted = append(counted, countsWritten(st)...) // the claim counts each attempt
		}
	}
	polled := false
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			if poll.Table != qt.Name {
				continue
			}
			if known {
				if states, ok := sqlcheck.FilterStates(poll.Where, qt.StateColumn); ok && !states.Admits(state) {
					continue // this poll never takes the job back
				}
			}
			if !slices.ContainsFunc(counted, func(col string) bool { return capsColumn(poll.Where, col) }) {
				return false
			}
			polled = true
		}
	}
	return polled
}

// capsColumn reports whether a WHERE keeps only rows whose column is under
// a bound, at its top level (an AND): col < x, col <= x, x > col, x >= col.
// countsWritten returns the attempt counts a statement writes with a
// value that is not a constant (attempts = attempts + 1, attempts = $3).
func countsWritten(st *queuemodel.Statement) []string {
	var out []string
	for _, a := range st.Set {
		if attempts.Named(a.Column) && !limitName.MatchString(a.Column) && a.Value.Kind != sqlcheck.ValueConst {
			out = append(out, a.Column)
		}
	}
	return out
}

func capsColumn(where []sqlcheck.Pred, col string) bool {
	under := regexp.MustCompile(`(?i)(^|[^\w.])` + regexp.QuoteMeta(col) + `\s*<|>=?\s*(\w+\.)?` + regexp.QuoteMeta(col) + `\b`)
	for _, p := range where {
		if p.Column == col && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) || len(p.Branches) == 0 && under.MatchString(p.Text) {
			return true
		}
	}
	return false
}

// setState returns the constant a statement sets the state column to.
func setState(st *queuemodel.Statement, col string) (string, bool) {
	for _, a := range st.Set {
		if a.Column == col && a.Value.Kind == sqlcheck.ValueConst {
			return a.Value.Str, true
		}
	}
	return "", false
}

// branchesAdmitting reports whether a WHERE admits state, and whether it
// does so only in OR branches that compare an attempt count with a limit.
func branchesAdmitting(where []sqlcheck.Pred, col, state string) (admits, guarded bool) {
	states, ok := sqlcheck.FilterStates(where, col)
	if !ok || !states.Admits(state) {
		return false, false
	}
	for _, p := range where {
		for _, b := range p.Branches {
			bs, ok := sqlcheck.FilterStates(b, col)
			if !ok || !bs.Admits(state) {
				continue
			}
			if !sqlGuard(&sqlcheck.Stmt{Where: b}, sqlcheck.OpLt, sqlcheck.OpLe) {
				return true, false
			}
			guarded = true
		}
	}
	return true, guarded
}

// redrive reports whether a retry takes back, by key, only a job in a
// state where jobs end (WHERE id = $1 AND status = 'dead'): the admin
// page's requeue of a job that ran out of attempts, where starting its
// count again is what the operator asks for. (The model makes a retry only
// of an UPDATE by key.)
func redrive(e *judge, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	where := r.Where
	if w, ok := boundWhere(e, r, qt.StateColumn); ok {
		where = w // WHERE id = ANY($1) AND status = ANY($2), $2 = []string{"dead", "canceled"}
	}
	states, ok := sqlcheck.FilterStates(where, qt.StateColumn)
	if !ok || len(states.Cond) > 0 || len(states.In) == 0 {
		return false
	}
	if states.Not {
		return excludesHeld(qt, states)
	}
	for _, v := range states.In {
		if v == sqlcheck.StateNull || v == sqlcheck.StateNotNull || slices.Contains(qt.Runnable, v) || slices.Contains(qt.Claimed, v) {
			return false
		}
	}
	return true
}

// endedEither reports whether a retry by key names its rows by an OR each
// of whose branches takes back only ended rows, by a state (redrive) or by
// a marker column every poll skips (outOfEveryPoll): WHERE id = $1 AND
// (status = 'dead_letter' OR dead_lettered_at IS NOT NULL), where a dead
// letter is marked both ways.
func endedEither(e *judge, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	for _, p := range r.Where {
		if len(p.Branches) == 0 {
			continue
		}
		ended := true
		for _, b := range p.Branches {
			stmt := *r.Stmt
			stmt.Where = b
			branch := *r
			branch.Stmt = &stmt
			ended = ended && (redrive(e, qt, &branch) || outOfEveryPoll(qt, &branch))
		}
		if ended {
			return true
		}
	}
	return false
}

// outOfEveryPoll reports whether a retry by key takes back only rows that
// no poll of the table can take, by a marker column no claim writes:
// WHERE id = $1 AND failed_at IS NOT NULL, where every poll reads
// failed_at IS NULL and only the failure path sets it. Such a row is not
// held by a worker (the claims do not put it there) and is never picked
// again (the polls skip it): it ended, marked by a column rather than by a
// state value, and putting it back is an operator's redrive, as redrive
// says for a state column.
func outOfEveryPoll(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	polls, claimWrites := pollsOf(qt)
	if len(polls) == 0 {
		return false
	}
	for _, p := range r.Where {
		if p.Column == "" || p.Column == qt.StateColumn || claimWrites[p.Column] {
			continue
		}
		states, ok := sqlcheck.FilterStates(r.Where, p.Column)
		if ok && len(states.Cond) == 0 && everyPollExcludes(polls, p.Column, states) {
			return true
		}
	}
	return false
}

// pollsOf returns the polls of a table's polls and claims, and the
// columns its claims write.
func pollsOf(qt *queuemodel.QueueTable) (polls []*sqlcheck.Stmt, claimWrites map[string]bool) {
	claimWrites = map[string]bool{}
	for _, st := range qt.Statements {
		switch st.Role {
		case queuemodel.RoleClaim:
			for _, a := range st.Set {
				claimWrites[a.Column] = true
			}
			polls = append(polls, st.Polls...)
		case queuemodel.RolePoll:
			polls = append(polls, st.Polls...)
		}
	}
	return polls, claimWrites
}

// everyPollExcludes reports whether each poll filters col to states that
// admit none of the states a retry names: constants no poll admits, or
// any value (col IS NOT NULL) where every poll reads col IS NULL.
func everyPollExcludes(polls []*sqlcheck.Stmt, col string, named sqlcheck.States) bool {
	anyValue := named.Not && len(named.In) == 0 && !named.Null
	if named.Not && !anyValue || len(named.In) == 0 && !anyValue {
		return false
	}
	for _, poll := range polls {
		states, ok := sqlcheck.FilterStates(poll.Where, col)
		if !ok {
			return false
		}
		if anyValue {
			if states.Not || len(states.Cond) > 0 || !slices.Equal(states.In, []string{sqlcheck.StateNull}) {
				return false
			}
			continue
		}
		for _, v := range named.In {
			if states.Admits(v) {
				return false
			}
		}
	}
	return true
}

// excludesHeld reports whether a filter that names the states it excludes
// (WHERE id = $1 AND status <> 'running') excludes every state the claims
// move jobs to: the job a worker holds can never be put back by it, only
// one that ended (or waits), which is what an operator's "retry this job"
// does.
func excludesHeld(qt *queuemodel.QueueTable, states sqlcheck.States) bool {
	if len(qt.Claimed) == 0 {
		return false
	}
	for _, v := range qt.Claimed {
		if v == sqlcheck.StateNotNull || states.Admits(v) {
			return false
		}
	}
	return true
}

// editsJob reports whether a statement that puts a job back rewrites what
// the job is: it sets, from a value its caller binds, a column the enqueue
// fills from its caller (the job's name, endpoint, schedule, attempt
// limit), and that holds no time (a retry's run_at = $2 is its backoff). That is an operator's edit
// of the job's definition (PUT /jobs/:id) sending it to be picked up
// again, not a failed run retried. It needs the table's schema, which
// says which columns hold times.
func editsJob(m *queuemodel.Model, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	t := m.Schema().Table(qt.Name)
	if t == nil {
		return false
	}
	defined := map[string]bool{}
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleEnqueue || st.Kind != sqlcheck.KindInsert {
			continue
		}
		for i, col := range st.InsertCols {
			if i < len(st.InsertValues) && st.InsertValues[i].Kind == sqlcheck.ValueParam {
				if _, own := st.Arg(st.InsertValues[i].Param).(*ast.BadExpr); own {
					continue // a value the ORM binds itself (GORM's zero value of a field the code left unset): not the caller's
				}
				defined[col] = true
			}
		}
	}
	for _, a := range r.Set {
		if a.Column == qt.StateColumn || a.Value.Kind != sqlcheck.ValueParam || !defined[a.Column] ||
			attempts.Named(a.Column) && !limitName.MatchString(a.Column) {
			continue
		}
		if col := t.Column(a.Column); col != nil && !timeType.MatchString(col.Type.Name) {
			return true
		}
	}
	return false
}

// timeType matches the names of PostgreSQL's date and time types.
var timeType = regexp.MustCompile(`^(timestamp|timestamptz|date|time|timetz|interval)$`)

// outOfDeadLetters reports whether a retry by key takes its key from a row
// of another table that its function also deletes from: SELECT job_id
// FROM dead_jobs WHERE id = $1, UPDATE jobs SET status = 'queued' WHERE
// id = job_id, DELETE FROM dead_jobs WHERE id = $1. The job comes back out
// of the table where ended jobs are kept, an operator's redrive; a
// worker's retry names the job it holds, which the claim gave it.
func outOfDeadLetters(m *queuemodel.Model, e *judge, qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	key := r.KeyArg()
	if key == nil || r.Call.Decl == nil {
		return false
	}
	var from []string
	deletes := map[string]bool{}
	for _, c := range m.Calls {
		if c.Decl != r.Call.Decl {
			continue
		}
		for _, st := range c.Stmts {
			switch {
			case st.Table == "" || st.Table == qt.Name:
			case st.Kind == sqlcheck.KindDelete:
				deletes[st.Table] = true
			case st.Kind == sqlcheck.KindSelect:
				if src := e.Call(c.Expr); src != nil && e.Flows(src.Value(), key) {
					from = append(from, st.Table)
				}
			}
		}
	}
	return slices.ContainsFunc(from, func(t string) bool { return deletes[t] })
}

// flagReset reports whether a retry sets back a boolean that the claim
// never writes (paused = false, published = false): the flag is no job
// state the work moves a row out of, so setting it back is an operator's
// switch (a schedule resumed, an event sent again), not a failed job put
// back.
func flagReset(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	if len(qt.Claimed) > 0 || len(qt.Runnable) == 0 {
		return false
	}
	for _, v := range qt.Runnable {
		if v != "true" && v != "false" {
			return false
		}
	}
	state, ok := setState(r, qt.StateColumn)
	return ok && slices.Contains(qt.Runnable, state)
}

// resetsCount returns the attempt-count column a retry sets back to 0, or "".
func resetsCount(r *queuemodel.Statement) string {
	for _, a := range r.Set {
		if attempts.Named(a.Column) && !limitName.MatchString(a.Column) && a.Value.Kind == sqlcheck.ValueConst && a.Value.Str == "0" {
			return a.Column
		}
	}
	return ""
}

// bodyGuard reports whether a statement of a function body runs under a
// branch that looks at an attempt count (IF v_attempts >= max THEN ...).
func bodyGuard(st *queuemodel.Statement) bool {
	for _, c := range st.Guards() {
		if attempts.Mentioned(c) {
			return true
		}
	}
	return false
}

var caseOnAttempts = regexp.MustCompile(`(?is)\bCASE\b.*\bWHEN\b.*(attempt|retr|tries)`)

// caseGuard reports whether a retry decides in SQL between retrying and
// failing: SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE
// 'queued' END, or, where jobs end by a marker rather than a state value,
// SET dead_at = CASE WHEN $2 >= $3 THEN now() END on a column every poll
// reads IS NULL. The comparison is the SQL's, or one of bound Go values
// named for attempts (attempts, maxAttempts). A CASE on the attempts
// elsewhere (a backoff in run_at) decides nothing.
func caseGuard(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	for _, a := range r.Set {
		if a.Column != qt.StateColumn && !endsJobs(qt, a.Column) {
			continue
		}
		if caseOnAttempts.MatchString(a.Value.Text) || caseOnBoundAttempts(r, a.Value.Text) || caseOnCTEAttempts(r, a.Value.Text) {
			return true
		}
	}
	return false
}

var caseOnColumn = regexp.MustCompile(`(?is)^\s*\(*\s*(NOT\s+)?(\w+\.)?(\w+)\s*\)*\s*$`)

// caseOnCTEAttempts reports whether a CASE's first condition is a column
// that a WITH query of the statement computes from an attempt count: WITH
// plan AS (SELECT ..., (m.attempts + 1 >= $2 OR input.permanent) AS
// terminal FROM jobs m ...) UPDATE ... SET status = CASE WHEN
// plan.terminal THEN 'failed' ELSE 'pending' END. The comparison is the
// SQL's, one step away.
func caseOnCTEAttempts(r *queuemodel.Statement, text string) bool {
	m := caseWhen.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	c := caseOnColumn.FindStringSubmatch(m[1])
	if c == nil {
		return false
	}
	col := c[3]
	for _, cte := range r.CTEs {
		if cte.Stmt == nil || c[2] != "" && !strings.EqualFold(strings.TrimSuffix(c[2], "."), cte.Name) {
			continue
		}
		for _, o := range cte.Stmt.Outputs {
			if o.Name == col && o.Column == "" && slices.ContainsFunc(o.Reads, attempts.Named) {
				return true
			}
		}
	}
	return false
}

var caseWhen = regexp.MustCompile(`(?is)\bCASE\b.*?\bWHEN\b(.*?)\bTHEN\b`)

// caseOnBoundAttempts reports whether a CASE's first condition compares a
// parameter bound from an attempt count in Go:
// CASE WHEN $2 >= $3 ..., bound from (id, attempts, maxAttempts).
func caseOnBoundAttempts(r *queuemodel.Statement, text string) bool {
	m := caseWhen.FindStringSubmatch(text)
	if m == nil || !strings.ContainsAny(m[1], "<>=") {
		return false // CASE WHEN NOT $2: a bool the caller chose (see boolCase)
	}
	for _, p := range bindParam.FindAllString(m[1], -1) {
		n, err := strconv.Atoi(p[1:])
		if err != nil {
			continue
		}
		if arg := r.Arg(n); arg != nil && attempts.Operand(arg, func(string) bool { return false }) {
			return true
		}
	}
	return false
}

var bindParam = regexp.MustCompile(`\$[0-9]+`)

// endsJobs reports whether setting col takes a job out of the queue: every
// poll of the table reads col IS NULL, so a row with a value in col is
// never picked again (dead_at, failed_at).
func endsJobs(qt *queuemodel.QueueTable, col string) bool {
	polls, _ := pollsOf(qt)
	return len(polls) > 0 && everyPollExcludes(polls, col, sqlcheck.States{Not: true})
}

// sqlGuard reports whether a statement's WHERE compares an attempt count
// with one of the given operators (attempts < max_attempts).
func sqlGuard(s *sqlcheck.Stmt, ops ...string) bool {
	for _, p := range s.Where {
		if p.Op == sqlcheck.OpOther && attempts.Mentioned(p.Text) && strings.ContainsAny(p.Text, "<>") {
			return true
		}
		if !attempts.Named(p.Column) {
			continue
		}
		for _, op := range ops {
			if p.Op == op {
				return true
			}
		}
	}
	return false
}

func sortByPos(objs []types.Object) {
	slices.SortFunc(objs, func(a, b types.Object) int { return cmp.Compare(a.Pos(), b.Pos()) })
}
