package claimrace

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the claimrace rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*queuemodel.Pending[handedOn])(nil), (*queuemodel.Pending[lockedPoll])(nil), (*Locks)(nil)},
})

// Analyzer reports the claimrace rule's findings.
var Analyzer = Rule.Analyzer

const fixAtomic = "claim in one statement: UPDATE ... SET status = 'running' WHERE id = (SELECT id ... FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING ..."

// A runner holds one pass's work: the claims its package hands on to
// the callers of their functions (see callers.go).
type runner struct {
	pass    *analysis.Pass
	m       *queuemodel.Model
	e       *effects.Effects
	handoff *queuemodel.Handoff[handedOn]
	// lockedPolls hands on the locked polls of functions whose callers
	// choose what they run on (see autocommit.go).
	lockedPolls *queuemodel.Handoff[lockedPoll]
	// reported holds where the pass has reported findings so far.
	reported reportedAt
}

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if m.Dependency() {
		return nil, nil
	}
	e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	reported := reportedAt{}
	pass = reportOnce(pass, reported)
	r := &runner{pass: pass, m: m, e: e, handoff: queuemodel.NewHandoff[handedOn](pass, m), reported: reported,
		lockedPolls: queuemodel.NewHandoff[lockedPoll](pass, m)}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			qt := m.Tables[st.On()]
			if qt == nil {
				continue
			}
			switch {
			case st.Step != nil:
				r.twoStep(qt, st)
			case st.Kind == sqlcheck.KindUpdate && st.Role == queuemodel.RoleClaim && len(st.Polls) > 0:
				r.unlockedSubquery(qt, st, st.Stmt)
			case st.Role == queuemodel.RoleClaim && st.NestedClaim() != nil:
				r.unlockedSubquery(qt, st, st.NestedClaim())
			case isCAS(qt, st) && st.PolledBy == nil:
				if !st.ResultChecked() {
					reportCAS(pass, st, nil)
				}
			}
		}
	}
	r.splitClaims()
	r.relays()
	r.lockEndsBeforeReturn()
	r.dueQueues()
	r.lockedAutocommitPolls()
	r.exportLocks()
	r.handoff.Finish(r.judgeCall)
	r.lockedPolls.Finish(r.judgeLockedPoll)
	return nil, nil
}

// reportOnce returns a copy of pass that reports a finding once: a claim
// in a function body that several Go calls run is one finding, at the
// body, with the first call (in source order) as its related position.
// A claim written in a _test.go file is not reported: a test that runs a
// naive claim in two goroutines does it to show the race, not to claim.
// It records in reported where each finding is.
func reportOnce(pass *analysis.Pass, reported reportedAt) *analysis.Pass {
	p := *pass
	seen := map[string]bool{}
	p.Report = func(d analysis.Diagnostic) {
		if queuemodel.InTestFile(pass, d.Pos) {
			return
		}
		key := fmt.Sprint(d.Pos, d.End, d.Message)
		if !seen[key] {
			seen[key] = true
			reported[d.Pos] = true
			pass.Report(d)
		}
	}
	return &p
}

// twoStep checks a SELECT that finds a job and the UPDATE that then takes it.
func (r *runner) twoStep(qt *queuemodel.QueueTable, poll *queuemodel.Statement) {
	pass, m := r.pass, r.m
	step := poll.Step
	lock := poll.Lock
	if from := poll.LockedFrom(); from != nil && lock == nil {
		lock = from.Lock // FROM (SELECT ... FOR UPDATE SKIP LOCKED) c JOIN ...
	}
	locked := lock != nil
	pollAt, stepAt := r.e.Call(poll.Call.Expr), r.e.Call(step.Call.Expr)
	tx := r.e.TxOf(pollAt)
	inOne := tx != nil && r.e.SameTx(pollAt, stepAt)
	if qt.Rechecks(step.Stmt) {
		// A compare-and-set: safe when the code looks at whether it won,
		// or when the SELECT's row lock lasts through it (FOR UPDATE in
		// the transaction of the UPDATE: no one else can move the row).
		if !step.ResultChecked() && !(locked && inOne) {
			reportCAS(pass, step, poll)
		}
		return
	}
	at, other := poll.Pos(), step.Pos()
	recv := poll.Call.Receiver
	if path := m.ClaimPathOf(poll); path != nil && recv == queuemodel.RecvUnknown {
		// Functions run on an interface (sqlc's DBTX): the caller says on what.
		recv, at, other = path.PollRecv, path.PollSite.Pos(), path.StepSite.Pos()
	}
	switch {
	case !locked && inOne && tx.Isolation.Snapshot():
		// REPEATABLE READ or SERIALIZABLE: of two claimers that read the
		// same row, the second UPDATE fails with SQLSTATE 40001.
	case !locked && inOne && tx.Begin != nil && tx.Isolation == effects.IsoUnknown:
		// Options the tool cannot read: the level may be either.
	case !locked && (r.serialised(poll, tx, inOne) || serialisedInBody(poll, step)):
		// A transaction-scoped advisory lock lets one claimer at a time run
		// the SELECT and the UPDATE.
	case !locked:
		report(pass, poll, at, other, "the UPDATE that takes the job",
			"two workers can claim the same job\nboth run this SELECT before either UPDATE commits, read the same row, "+
				"and both UPDATEs succeed because the UPDATE does not re-check the status; "+fixAtomic)
	case queuemodel.LockReleased(poll, step) || recv != poll.Call.Receiver && recv.Autocommit():
		report(pass, poll, at, other, "the UPDATE that takes the job",
			fmt.Sprintf("FOR %s on a %s releases its row lock as soon as the SELECT returns\nthe SELECT runs in autocommit: a second worker selects the same row before the UPDATE runs, "+
				"and both take it; run the SELECT and the UPDATE in one transaction, or %s",
				strings.ToUpper(lock.Strength), recv, fixAtomic))
	case recv == queuemodel.RecvTx && tx != nil && !inOne:
		if end := tx.EndBetween(pollAt, stepAt); end != nil {
			report(pass, poll, at, callPos(poll.Call.Func, end), "the end of the transaction",
				"the transaction that holds this row lock ends before the UPDATE that takes the job\nthe lock is released at Commit, "+
					"and a second worker's FOR UPDATE SKIP LOCKED finds the same row before the UPDATE runs, so both take it; "+
					"run the UPDATE in the transaction before Commit, or "+fixAtomic)
		}
	}
	// Locked inside a transaction that holds the UPDATE, or on a receiver
	// of unknown kind: fine, or not for the tool to say.
}

// callPos returns where a call of fn's syntax starts (tx in tx.Commit(ctx)).
func callPos(fn ast.Node, c ssa.CallInstruction) token.Pos {
	pos := c.Pos()
	ast.Inspect(fn, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == c.Pos() {
			pos = call.Pos()
		}
		return pos == c.Pos()
	})
	return pos
}

var xactLock = regexp.MustCompile(`(?i)\bpg_(try_)?advisory_xact_lock\s*\(`)

// serialised reports whether an unlocked poll in a transaction runs, on
// every path, after transaction-scoped advisory locks taken (and, for
// pg_try_, checked) earlier in the same open transaction, keyed on a
// constant or on a value the poll filters on: one claimer at a time runs
// the SELECT and the UPDATE, which commits before the lock is released.
func (r *runner) serialised(poll *queuemodel.Statement, tx *effects.Tx, inOne bool) bool {
	pass := r.pass
	if poll.Call.Receiver != queuemodel.RecvTx || tx == nil || !inOne {
		return false
	}
	pollAt := r.e.Call(poll.Call.Expr)
	polled := map[types.Object]bool{}
	for _, a := range poll.Call.Args {
		if obj := identObj(pass, a); obj != nil {
			polled[obj] = true
		}
	}
	var locks []ssa.Instruction
	for _, c := range r.m.Calls {
		if c.Func != poll.Call.Func || !c.Known {
			continue
		}
		lockAt := r.e.Call(c.Expr)
		if lockAt == nil || r.e.TxOf(lockAt) != tx {
			continue
		}
		lock := xactLock.FindStringSubmatch(c.SQL)
		if lock == nil || (lock[1] != "" && !checkedScan(pass, c)) {
			continue
		}
		keyed := len(c.Args) == 0 && !strings.Contains(c.SQL, "$")
		for _, a := range c.Args {
			tv := pass.TypesInfo.Types[a]
			keyed = keyed || polled[identObj(pass, a)] || tv.Value != nil // a constant key: one claimer at a time, all queues
		}
		if keyed {
			locks = append(locks, lockAt)
		}
	}
	return effects.Covers(locks, pollAt)
}

// serialisedInBody reports whether a poll and the UPDATE that takes its
// job, both in the body of one function, run after a
// pg_advisory_xact_lock that the body takes on every call before the poll
// (in no branch, loop or handler), keyed on constants or on values the
// poll filters on: the lock lasts until the caller's transaction ends.
func serialisedInBody(poll, step *queuemodel.Statement) bool {
	if poll.Body == nil || step.Body == nil || poll.Call != step.Call || poll.Body.Function != step.Body.Function {
		return false
	}
	filtered := map[int]bool{}
	for _, p := range poll.Where {
		if p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam {
			filtered[p.Values[0].Param] = true
		}
	}
	for _, bs := range poll.Body.Function.Body {
		if bs == poll.Body.Stmt {
			return false
		}
		c := bs.Calls
		if !bs.Always || c == nil || c.Name != "public.pg_advisory_xact_lock" && c.Name != "pg_catalog.pg_advisory_xact_lock" {
			continue
		}
		keyed := len(c.Args) > 0
		for _, a := range c.Args {
			for _, m := range paramRef.FindAllStringSubmatch(a.Text, -1) {
				n, _ := strconv.Atoi(m[1])
				keyed = keyed && filtered[n]
			}
		}
		if keyed {
			return true
		}
	}
	return false
}

var paramRef = regexp.MustCompile(`\$(\d+)`)

// checkedScan reports whether a call's row is scanned into a variable that
// an if condition of its function reads: if !locked { return }.
func checkedScan(pass *analysis.Pass, c *queuemodel.Call) bool {
	if len(c.ScanArgs) != 1 {
		return false
	}
	addr, ok := ast.Unparen(c.ScanArgs[0]).(*ast.UnaryExpr)
	if !ok {
		return false
	}
	v := identObj(pass, addr.X)
	if v == nil {
		return false
	}
	checked := false
	ast.Inspect(c.Func, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return !checked
		}
		ast.Inspect(ifs.Cond, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
				checked = true
			}
			return !checked
		})
		return !checked
	})
	return checked
}

func identObj(pass *analysis.Pass, e ast.Expr) types.Object {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	return pass.TypesInfo.ObjectOf(id)
}

// unlockedSubquery checks a one-statement claim whose poll takes no lock;
// take is the statement that takes the rows (the claim itself, or the
// UPDATE a SELECT nests in a CTE).
func (r *runner) unlockedSubquery(qt *queuemodel.QueueTable, st *queuemodel.Statement, take *sqlcheck.Stmt) {
	for _, p := range st.Polls {
		if p.Lock != nil {
			return
		}
	}
	if qt.Rechecks(take) {
		return // the second UPDATE re-evaluates the status and matches nothing
	}
	if tx := r.e.TxOf(r.e.Call(st.Call.Expr)); tx != nil {
		switch {
		case tx.Isolation.Snapshot():
			// REPEATABLE READ or SERIALIZABLE (a function's body runs in
			// its caller's transaction): the second UPDATE to reach a row
			// the first changed fails with SQLSTATE 40001.
			return
		case tx.Begin != nil && tx.Isolation == effects.IsoUnknown:
			return // options the tool cannot read: the level may be either
		}
	}
	if st.Body == nil && st.Call.Receiver != queuemodel.RecvPool && st.Call.Receiver != queuemodel.RecvConn {
		if sel, ok := ast.Unparen(st.Call.Expr.Fun).(*ast.SelectorExpr); ok && r.lockBefore(st.Call.Expr, sel.X) != nil {
			return // a transaction-scoped advisory lock lets one claimer at a time run it
		}
	}
	msg := "the subquery picks the next job without locking it and the outer WHERE does not re-check the status\n" +
		"two concurrent UPDATEs pick the same id, the second waits for the first and then takes the row again; " +
		"add FOR UPDATE SKIP LOCKED to the subquery"
	if lockers := st.Stmt.LockersOf(qt.Name); len(lockers) > 0 {
		// The rows are locked in another SELECT of the statement (a WITH
		// query that joins the picked ids). Taking the lock, PostgreSQL
		// re-checks that SELECT's own conditions on the row's newest
		// version, not those of the query that picked it (see
		// TestJoinLockEvidenceOnPostgreSQL).
		for _, l := range lockers {
			if qt.Rechecks(l) {
				return
			}
		}
		msg = "the job is locked in a join that does not re-check the status, which only the unlocked query that picks it filters\n" +
			"a job another worker claimed after this statement began still matches the join, the lock is granted once that worker commits, and the job is taken again; " +
			"filter the status in the locking SELECT too (WHERE o." + qt.StateColumn + " = ...) or lock where the job is picked"
	}
	if st.Body == nil && r.handoff.Defer(st, msg) {
		return // judged where the function is called
	}
	at, end := st.Pos(), token.NoPos
	if take == st.Stmt {
		at, end = st.PosAt(r.pass.Fset, sqlcheck.ClauseWhere) // the WHERE that lacks the re-check
	}
	d := analysis.Diagnostic{Pos: at, End: end, Message: msg, Related: st.Related()}
	r.pass.Report(d)
}

func reportCAS(pass *analysis.Pass, cas, poll *queuemodel.Statement) {
	other := token.NoPos
	if poll != nil {
		other = poll.Pos()
	}
	report(pass, cas, cas.Pos(), other, "the SELECT that found the job",
		"this compare-and-set claim re-checks the status, but nothing checks that it matched a row\nwhen another worker took the job first, "+
			"it updates nothing and the job runs anyway; check RowsAffected() (or scan the RETURNING row and handle ErrNoRows) before running the job")
}

// isCAS reports whether an UPDATE by key moves a job out of a runnable
// state only if it is still in it: WHERE id = $1 AND status = 'queued'.
func isCAS(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	if st.Kind != sqlcheck.KindUpdate || st.Role != queuemodel.RoleClaim {
		return false
	}
	return qt.Rechecks(st.Stmt)
}

// report reports a finding about statement st at position at (st's own,
// or the call of the function that holds it), with other as related.
func report(pass *analysis.Pass, st *queuemodel.Statement, at, other token.Pos, otherMsg, msg string) {
	d := analysis.Diagnostic{Pos: at, Message: msg}
	if other.IsValid() {
		d.Related = []analysis.RelatedInformation{{Pos: other, Message: otherMsg}}
	}
	d.Related = append(d.Related, st.Related()...)
	pass.Report(d)
}
