package claimrace

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A poll that locks the runnable rows of a queue (FOR UPDATE SKIP LOCKED)
// on an autocommit handle (a pool, *sql.DB, a connection outside a
// transaction) and is followed by no UPDATE that takes them is the whole
// claim, and it holds nothing: the statement's implicit transaction ends
// when the call returns, and its row locks with it (checked on PostgreSQL
// 15: TestAutocommitPollEvidenceOnPostgreSQL). The rows are then handled
// and written by key (marked done, retried, failed) while a second
// worker's poll reads them too.
//
// The rule asks that the package write the table's rows by key (the
// outcome of what was handled) and that no such write re-checks a state
// the poll reads (a compare-and-set there is the claim, judged on its
// own). It stays silent on a read by key (a lookup, which queuemodel
// gives no role), on a handle that may be a transaction, on a poll whose
// own statement claims, in a package or module that takes an advisory
// lock (one drainer at a time, or a leader that runs the poller alone),
// and on a poll function that other packages
// join with the writes they call (queuemodel's halves, judged there). A
// poll in a function whose callers choose what it runs on (sqlc's methods
// on a DBTX) is handed on to them and judged at each call.

const lockedPollMsg = "FOR %s on %s releases its row locks as soon as the SELECT returns, and nothing else claims the rows\n" +
	"the SELECT runs in autocommit and no UPDATE takes the rows it read: they are handled and then written by key, " +
	"while a second worker's poll (another replica, the next tick) reads the same rows and handles them too; " +
	"move them to a working state in the poll (%s), or read and write them in one transaction"

// lockedPoll is the instance of queuemodel.Pending that hands on the
// locked polls of functions whose callers choose what they run on (sqlc's
// methods on a DBTX): each call is judged where it is made.
type lockedPoll struct{}

// judgeLockedPoll reports a call of a function whose locked poll was
// handed on when the call runs it on a pool or *sql.DB (New(pool), a
// DBTX argument that is the pool) outside a transaction; a call on a
// transaction (q.WithTx(tx), New(tx)) or on what the tool cannot name is
// not reported, nor one in a module that takes an advisory lock.
func (r *runner) judgeLockedPoll(call *ast.CallExpr, d queuemodel.Deferred) {
	db := queuemodel.DBValue(call, d.DB)
	if db == nil || r.reported[call.Pos()] || !queuemodel.ValueReceiver(r.pass, db).Autocommit() || r.advisoryLocked() {
		return
	}
	r.pass.Report(analysis.Diagnostic{
		Pos: call.Pos(),
		Message: fmt.Sprintf("this call runs the locked poll of %s (%s) on %s, which is not a transaction\n%s",
			d.Func, d.At, types.ExprString(db), strings.Replace(d.Message, "\n", ": ", 1)),
		Related: []analysis.RelatedInformation{{Pos: r.m.RelatedPos(d), Message: "the locked poll, in " + d.Func}},
	})
}

// lockedAutocommitPolls reports the locked polls on an autocommit handle
// that nothing in their statement or transaction claims.
func (r *runner) lockedAutocommitPolls() {
	leader := false
	askedLeader := false
	for _, c := range r.m.Calls {
		for _, st := range c.Stmts {
			qt := r.m.Tables[st.On()]
			lock := st.Lock
			if from := st.LockedFrom(); from != nil && lock == nil {
				lock = from.Lock
			}
			if qt == nil || qt.StateColumn == "" || lock == nil || st.Body != nil || st.Kind != sqlcheck.KindSelect ||
				st.Step != nil || st.Role != queuemodel.RoleClaim && st.Role != queuemodel.RolePoll {
				continue
			}
			deferred := c.Receiver == queuemodel.RecvUnknown // sqlc's DBTX: the callers choose
			if !deferred && !r.autocommitCall(c) {
				continue
			}
			writes := r.keyedWrites(qt, st)
			if len(writes) == 0 || c.Decl == nil || !deferred && r.joinedElsewhere(c.Decl) || r.locksEachByKey(qt, st) {
				continue
			}
			if !askedLeader {
				leader, askedLeader = r.advisoryLocked(), true
			}
			if leader {
				return
			}
			if deferred {
				r.lockedPolls.Defer(st, fmt.Sprintf(lockedPollMsg, strings.ToUpper(lock.Strength), "what its caller gives it", fixAtomic))
				continue
			}
			d := analysis.Diagnostic{
				Pos:     st.Pos(),
				Message: fmt.Sprintf(lockedPollMsg, strings.ToUpper(lock.Strength), "a "+c.Receiver.String(), fixAtomic),
			}
			for _, w := range writes {
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: w.Pos(), Message: "a write by key of the rows the poll read"})
			}
			r.pass.Report(d)
		}
	}
}

// autocommitCall reports whether a call runs on a pool or *sql.DB, or on a
// connection the code began no transaction on: each statement commits on
// its own.
func (r *runner) autocommitCall(c *queuemodel.Call) bool {
	if !c.Receiver.Autocommit() || c.Decl == nil {
		return false
	}
	if c.Receiver == queuemodel.RecvConn {
		// BEGIN run as SQL on the connection: the tool does not follow
		// where that transaction ends.
		for _, o := range r.m.Calls {
			if o.Decl == c.Decl && (!o.Known || beginSQL.MatchString(o.SQL)) {
				return false
			}
		}
	}
	return true
}

var beginSQL = regexp.MustCompile(`(?i)^\s*(BEGIN|START\s+TRANSACTION)\b`)

// byKeyOf reports whether a statement names its rows by a bound key: a
// conjunct col = $n or col IN ($n...) on a column other than the state.
// (A locked SELECT by key is no poll: queuemodel gives it no role.)
func byKeyOf(s *sqlcheck.Stmt, stateCol string) bool {
	for _, p := range s.Where {
		if p.Column != stateCol && (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam {
			return true
		}
	}
	return false
}

// locksEachByKey reports whether the package takes each row the poll
// reads again, by key, in a transaction: SELECT ... WHERE id = $1 AND
// status <> 'done' FOR UPDATE SKIP LOCKED on a transaction that then runs
// the job and records its outcome. That lock, held until the outcome
// commits, is the claim; the poll only lists candidates. The read must
// re-check a state the poll reads: without it, a worker handed the id
// after the first one committed runs the finished job again.
func (r *runner) locksEachByKey(qt *queuemodel.QueueTable, poll *queuemodel.Statement) bool {
	pollStates, known := sqlcheck.FilterStates(poll.Where, qt.StateColumn)
	for _, c := range r.m.Calls {
		if c.Receiver != queuemodel.RecvTx {
			continue
		}
		for _, st := range c.Stmts {
			if st.On() == poll.On() && st.Kind == sqlcheck.KindSelect && st.Lock != nil && byKeyOf(st.Stmt, qt.StateColumn) &&
				rechecksPolled(qt, pollStates, known, st.Stmt) {
				return true
			}
		}
	}
	return false
}

// rechecksPolled reports whether s compares the state column with a state
// the poll reads (or in a form the tool cannot split: status <> 'done',
// status = $2), so that it matches only rows still in that state.
func rechecksPolled(qt *queuemodel.QueueTable, pollStates sqlcheck.States, known bool, s *sqlcheck.Stmt) bool {
	if !qt.Rechecks(s) {
		return false
	}
	states, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn)
	return !ok || !known || pollStates.Not || states.Not || slices.ContainsFunc(states.In, func(v string) bool {
		return slices.Contains(pollStates.In, v) || slices.Contains(pollStates.Cond, v)
	})
}

// keyedWrites returns the package's UPDATEs and DELETEs by key of the
// queue's table (the outcome of a handled row), or nil when one of them
// re-checks a state the poll reads, or a state the tool cannot read: that
// write may be a compare-and-set that claims the row.
func (r *runner) keyedWrites(qt *queuemodel.QueueTable, poll *queuemodel.Statement) []*queuemodel.Statement {
	pollStates, known := sqlcheck.FilterStates(poll.Where, qt.StateColumn)
	var out []*queuemodel.Statement
	for _, w := range qt.Statements {
		if w.Body != nil || w.Kind != sqlcheck.KindUpdate && w.Kind != sqlcheck.KindDelete || !byKeyOf(w.Stmt, qt.StateColumn) {
			continue
		}
		if qt.Rechecks(w.Stmt) {
			if rechecksPolled(qt, pollStates, known, w.Stmt) {
				return nil
			}
			continue // it writes rows in another state than those the poll reads (a manual retry of exhausted rows)
		}
		if !slices.ContainsFunc(out, func(o *queuemodel.Statement) bool { return o.Call == w.Call }) {
			out = append(out, w)
		}
	}
	slices.SortFunc(out, func(a, b *queuemodel.Statement) int { return int(a.Pos() - b.Pos()) })
	if len(out) > 3 {
		out = out[:3]
	}
	return out
}

// joinedElsewhere reports whether the poll's function is a half of a claim
// (see queuemodel.Half) that no function of its own package calls: the
// packages that call it join it with the write they call next, and judge
// it there.
func (r *runner) joinedElsewhere(decl *ast.FuncDecl) bool {
	fn, _ := r.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	half := false
	for _, h := range r.m.Halves() {
		half = half || h.Func == fn && !h.Half.Take
	}
	if !half {
		return false
	}
	for id, obj := range r.pass.TypesInfo.Uses {
		if obj == fn && !queuemodel.InTestFile(r.pass, id.Pos()) {
			return false
		}
	}
	return true
}

// reportedAt records the positions of the findings the pass reported.
type reportedAt map[token.Pos]bool
