package lease

import (
	_ "embed"
	"fmt"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/pgxpath"
	"github.com/jobqlint/jobqlint/analyzers/jobrecords"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/analyzers/sigterm"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the lease rule: its documentation record and its analyzer.
//
// It requires sigterm, the check that was part of it, for the directives
// naming lease that silence a sigterm finding: those are used.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer, sigterm.Analyzer, jobrecords.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*queuemodel.Pending[handedOn])(nil)},
})

// Analyzer reports the lease rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	if m.Dependency() {
		return nil, nil
	}
	e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	checkClaims(pass, m, e)
	checkSplitClaims(pass, m)
	checkCountedOnly(pass, m, e)
	checkRecords(pass, m)
	return nil, nil
}

// checkClaims reports claims that move a job to an in-progress state with
// no lease, or with a lease nothing reclaims.
func checkClaims(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects) {
	r := &claimReporter{pass: pass, m: m, e: e, handoff: queuemodel.NewHandoff[handedOn](pass, m)}
	defer r.finish()
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			qt := m.Tables[st.Table]
			if qt == nil || st.Role != queuemodel.RoleClaim || st.Kind != sqlcheck.KindUpdate {
				continue
			}
			cleared, byClearing := "", false
			if !movesToInProgress(qt, st) {
				if cleared, byClearing = clearedDue(qt, st); !byClearing {
					continue
				}
			}
			if queuemodel.InTestFile(pass, c.Pos()) {
				continue // a test's fixture: no worker runs it
			}
			if (c.Receiver == queuemodel.RecvTx && !committedFirst(e, c)) || holdsSessionLock(m, c) {
				continue // a crash rolls the claim back, or releases the lock
			}
			if byClearing {
				if !qt.StateFromCaller() && !clearedGivenBack(pass, m, qt, st, cleared) {
					r.report(st, sqlcheck.ClauseSet, clearedMessage(qt, cleared))
				}
				continue
			}
			table := queuemodel.TableName(qt.Name)
			state, inState, back := describeState(qt, st)
			leases := evidencedLeases(pass, m, qt, st, leaseColumns(pass, st))
			left := "forever"
			if p := purge(m, qt); p != "" {
				left = "until a DELETE of old rows (" + p + ") removes it, and the job never runs again"
			}
			if qt.StateFromCaller() {
				continue // callers out of sight name the state: they may put the job back
			}
			if col, ok := retakenAtOnce(qt, st); ok {
				r.report(st, sqlcheck.ClauseSet, fmt.Sprintf("this claim takes %s jobs again once %s has passed, and leaves %s in the past\n"+
					"the job is not stranded: the next poll takes it again while it runs, and it runs twice at once; "+
					"push it forward in the claim (%s = now() + interval '5 minutes'), a lease the worker extends while the job runs",
					state, col, col, col))
				continue
			}
			if finalTake(m, qt, st) {
				continue // the take is the job's outcome: nothing leaves its state
			}
			if len(leases) == 0 && !livenessReclaim(m, qt, st) && !m.ReclaimedByKey(qt) {
				r.report(st, sqlcheck.ClauseSet, fmt.Sprintf("this claim moves the job to %s and writes no lease deadline\na worker killed mid-job (on every deploy) leaves the row %s %s; "+
					"set a lease in the claim (locked_until = now() + interval '5 minutes') and reclaim expired leases (UPDATE %s SET %s WHERE %s AND locked_until < now())",
					state, state, left, table, back, inState))
				continue
			}
			if len(leases) == 0 {
				continue
			}
			if ok, unrun := reclaimed(pass, m, qt, st, leases); !ok && !m.ReclaimedByKey(qt) && !comparedElsewhere(pass, m, leases) {
				which := "jobs whose lease expired"
				if len(qt.HandedOn) > 0 {
					which = state + " jobs whose lease expired" // another claimed state may be taken back
				}
				if len(unrun) > 0 {
					r.report(st, 0, fmt.Sprintf("this claim writes a lease (%s), but nothing in the module calls %s, the only code that returns %s\n"+
						"a killed worker's job stays %s %s; run the reclaim periodically (a ticker beside the worker)",
						strings.Join(leases, ", "), strings.Join(unrun, " or "), which, state, left))
					continue
				}
				r.report(st, 0, fmt.Sprintf("this claim writes a lease (%s), but no statement in the module returns %s\na killed worker's job stays %s %s; "+
					"add a reclaimer that runs periodically: UPDATE %s SET %s WHERE %s AND %s < now()",
					strings.Join(leases, ", "), which, state, left, table, back, inState, leases[0]+leaseAge(qt, leases[0])))
			}
		}
	}
}

// retakenAtOnce returns the column by which a claim's own poll takes back
// rows in the state the claim moves jobs to, when the claim does not
// write it: WHERE status IN ('pending', 'running') AND next_attempt_at <=
// now(), with SET status = 'running' alone. The column compared with the
// clock is the poll's only deadline for a running job; the claim took
// the job because that deadline had passed, and leaves it so: the next
// poll takes the job again while it runs. A claim that writes the column
// (next_attempt_at = now() + interval '10 minutes') gives the job a
// lease, and is judged as one.
// Checked by hand on PostgreSQL 15.18: two autocommit runs of such a
// claim, one after the other, both return the same row (attempts 1,
// then 2); with the column pushed ahead, the second returns none.
func retakenAtOnce(qt *queuemodel.QueueTable, claim *queuemodel.Statement) (string, bool) {
	state, ok := qt.AssignedState(claim)
	if !ok || qt.StateColumn == "" {
		return "", false
	}
	for _, poll := range claim.Polls {
		if poll.Table != qt.Name {
			continue
		}
		for _, conj := range conjunctions(poll.Where) {
			states, ok := sqlcheck.FilterStates(conj, qt.StateColumn)
			if !ok || states.Not || !slices.Contains(states.In, state) || leaseWritten(claim, poll.Where) {
				continue
			}
			for _, p := range conj {
				if p.Column == "" || p.Column == qt.StateColumn || (p.Op != sqlcheck.OpLt && p.Op != sqlcheck.OpLe) ||
					len(p.Values) != 1 || p.Values[0].Kind != sqlcheck.ValueNow {
					continue
				}
				if _, written := claim.Assigns(p.Column); !written {
					return p.Column, true
				}
			}
		}
	}
	return "", false
}

// leaseWritten reports whether a claim writes a column its poll compares
// with the clock, in any way of its WHERE:
// (status = 'processing' AND visible_until < now()), or lease_until IS
// NULL OR lease_until < now() beside the due time. Such a column is a
// lease the claim gives the job, which keeps it from the next poll.
func leaseWritten(claim *queuemodel.Statement, where []sqlcheck.Pred) bool {
	for _, p := range where {
		if leaseWritten(claim, slices.Concat(p.Branches...)) {
			return true
		}
		deadline := (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueNow
		if p.Column == "" || !deadline {
			continue
		}
		if _, written := claim.Assigns(p.Column); written {
			return true
		}
	}
	return false
}

// evidencedLeases returns the lease columns of a claim (see leaseColumns)
// but those it only stamps with the clock as every outcome write does
// (updated_at = now() in the claim, the completion and the failure): such
// a column says when the row was last touched, and is a lease only where
// a statement of the module takes back claimed rows by it (see
// takenBackBy), or would, if anything called it. A fragment of another package that
// compares it (see comparedElsewhere) may as well be a report of old
// rows: it is no evidence here. A column the claim pushes into the
// future, or one only claims stamp (locked_at = now()), stays a lease.
func evidencedLeases(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable, claim *queuemodel.Statement, leases []string) []string {
	var out []string
	for _, col := range leases {
		if stampedByOutcomes(qt, claim, col) && !takenBackBy(m, qt, col) {
			continue
		}
		out = append(out, col)
	}
	return out
}

// takenBackBy reports whether a statement of the module takes back rows
// of the table in one of its claimed states by a column (see
// comparesLease), whether or not anything calls it: the column is then a
// lease, of this claim's state or of another's (a dispatcher's rows put
// back by updated_at, while a consumer's stay).
func takenBackBy(m *queuemodel.Model, qt *queuemodel.QueueTable, col string) bool {
	var stmts []*sqlcheck.Stmt
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			stmts = append(stmts, st.Stmt)
		}
	}
	for _, state := range qt.Claimed {
		if comparesLease(stmts, qt, state, []string{col}, false) || comparesLease(m.ModuleStatements(), qt, state, []string{col}, true) {
			return true
		}
	}
	return false
}

// stampedByOutcomes reports whether a claim sets a column to the clock
// itself (now(), nothing added), and so does a completion or a failure of
// the table.
func stampedByOutcomes(qt *queuemodel.QueueTable, claim *queuemodel.Statement, col string) bool {
	stamps := func(st *queuemodel.Statement) bool {
		v, ok := st.Assigns(col)
		return ok && v.Kind == sqlcheck.ValueNow && clockOnly.MatchString(v.Text)
	}
	if !stamps(claim) {
		return false
	}
	return slices.ContainsFunc(qt.Statements, func(st *queuemodel.Statement) bool {
		return (st.Role == queuemodel.RoleComplete || st.Role == queuemodel.RoleFail) && stamps(st)
	})
}

// clockOnly matches SQL that is the clock and nothing added.
var clockOnly = regexp.MustCompile(`(?i)^\s*(now\(\s*\)|current_timestamp|clock_timestamp\(\s*\)|statement_timestamp\(\s*\)|transaction_timestamp\(\s*\)|localtimestamp)\s*$`)

// comparedElsewhere reports whether another package of the module holds
// a SQL fragment that compares one of the lease columns with a bound value
// or the clock ("started_at" < ?): a reaper an ORM or a builder assembles
// there (often in a package that imports this one, which facts never
// reach) is no statement of the module's SQL text, and this package
// cannot see every writer of the table.
func comparedElsewhere(pass *analysis.Pass, m *queuemodel.Model, leases []string) bool {
	for _, col := range leases {
		if m.ComparedElsewhere(pass, col) {
			return true
		}
	}
	return false
}

// committedFirst reports whether a claim made on a transaction is
// committed before the job's work: the claim function begins, claims,
// commits and hands the job on. A crash then rolls nothing back. A claim
// whose function hands nothing on (its work ran on the transaction before
// the commit) leaves nothing to do once committed.
func committedFirst(e *effects.Effects, c *queuemodel.Call) bool {
	if c.Via != nil {
		return false // the wrapper's transaction is out of sight
	}
	call := e.Call(c.Expr)
	return call != nil && (effects.CommitsBeforeWork(call) || e.ReturnCommitsBeforeWork(call)) && !effects.KeepsClaimInside(call)
}

// livenessReclaim reports whether claimed rows come back when their
// worker stops beating: the claim records who took the job (worker_id =
// $1), and an UPDATE or DELETE of claimed rows, keyed on that column,
// compares a heartbeat with the clock (worker_id IN (SELECT id FROM
// workers WHERE last_seen < now() - interval '1 minute')).
func livenessReclaim(m *queuemodel.Model, qt *queuemodel.QueueTable, claim *queuemodel.Statement) bool {
	var owners []string
	for _, a := range claim.Set {
		if a.Column != qt.StateColumn && a.Value.Kind == sqlcheck.ValueParam {
			owners = append(owners, a.Column)
		}
	}
	if len(owners) == 0 {
		return false
	}
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, top := range stmts {
		if top.Table != qt.Name || (top.Kind != sqlcheck.KindUpdate && top.Kind != sqlcheck.KindDelete) || !onlyClaimed(top, qt) {
			continue
		}
		keyed := false
		for _, p := range top.Where {
			for _, col := range owners {
				keyed = keyed || p.Column == col || regexp.MustCompile(`\b`+regexp.QuoteMeta(col)+`\b`).MatchString(p.Text)
			}
		}
		if keyed && comparesClock(top) {
			return true
		}
	}
	for _, top := range stmts {
		if takesOver(top, qt, owners) {
			return true
		}
	}
	return false
}

// takesOver reports whether an UPDATE moves the claimed rows of one worker
// off it: in its WHERE, or a subquery's on the table, a conjunction that
// admits a claimed state keys the rows on an owner column compared with a
// parameter, and the UPDATE writes that column from another parameter:
// the caller takes the rows over. Which worker is dead is then decided in
// Go, out of sight (ovh/utask's instance collector reads the instances'
// heartbeats and takes over a dead one's resolutions). An UPDATE that
// writes the owner from the parameter it compares it with re-takes its
// caller's own rows, and one that writes NULL releases a worker's rows as
// it says goodbye (the releaseonly case): a worker that is killed does
// neither.
func takesOver(top *sqlcheck.Stmt, qt *queuemodel.QueueTable, owners []string) bool {
	if top.Table != qt.Name || top.Kind != sqlcheck.KindUpdate {
		return false
	}
	found := false
	for _, a := range top.Set {
		if !slices.Contains(owners, a.Column) {
			continue
		}
		top.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			for _, conj := range conjunctions(s.Where) {
				k, keyed := keyedOnParam(conj, a.Column)
				found = found || keyed && a.Value.Kind == sqlcheck.ValueParam && a.Value.Param != k && admitsClaimed(conj, qt)
			}
		})
	}
	return found
}

// conjunctions returns the conjunctions a WHERE holds rows by: its
// conjuncts, and for an OR among them, each branch with the other
// conjuncts.
func conjunctions(where []sqlcheck.Pred) [][]sqlcheck.Pred {
	var base []sqlcheck.Pred
	var ors []sqlcheck.Pred
	for _, p := range where {
		if len(p.Branches) > 0 {
			ors = append(ors, p)
		} else {
			base = append(base, p)
		}
	}
	out := [][]sqlcheck.Pred{base}
	for _, p := range ors {
		for _, b := range p.Branches {
			out = append(out, append(slices.Clone(base), b...))
		}
	}
	return out
}

// keyedOnParam returns the parameter a conjunction compares a column with
// (col = $k).
func keyedOnParam(conj []sqlcheck.Pred, col string) (int, bool) {
	for _, p := range conj {
		if p.Column == col && p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam {
			return p.Values[0].Param, true
		}
	}
	return 0, false
}

// admitsClaimed reports whether a conjunction filters the state column on
// values among which is a claimed state, or one bound from Go.
func admitsClaimed(conj []sqlcheck.Pred, qt *queuemodel.QueueTable) bool {
	for _, p := range conj {
		if p.Column != qt.StateColumn || p.Op != sqlcheck.OpEq && p.Op != sqlcheck.OpIn {
			continue
		}
		for _, v := range p.Values {
			if v.Kind == sqlcheck.ValueParam || v.Kind == sqlcheck.ValueConst && slices.Contains(qt.Claimed, v.Str) {
				return true
			}
		}
	}
	return false
}

// purge returns the clock comparison of a DELETE on the table that may
// remove claimed rows by their age ("expires_at" < now()), "" when there is
// none: a claimed job left behind is then deleted in time, not run again.
func purge(m *queuemodel.Model, qt *queuemodel.QueueTable) string {
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, top := range stmts {
		if top.Table != qt.Name || top.Kind != sqlcheck.KindDelete || !mayHoldClaimed(top, qt) {
			continue
		}
		for _, p := range top.Where {
			for _, v := range p.Values {
				if v.Kind == sqlcheck.ValueNow {
					return p.Text
				}
			}
		}
	}
	return ""
}

// comparesClock reports whether a statement, or one it holds, compares
// something with the clock.
func comparesClock(top *sqlcheck.Stmt) bool {
	found := false
	top.Walk(func(s *sqlcheck.Stmt) {
		for _, p := range s.Where {
			for _, v := range p.Values {
				found = found || v.Kind == sqlcheck.ValueNow
			}
			found = found || timeExpr.MatchString(p.Text) && strings.ContainsAny(p.Text, "<>")
		}
	})
	return found
}

// describeState names the state a claim moves a job to, the SQL that
// selects jobs in it, and the assignment that puts them back: 'running',
// status = 'running', status = ...; or, for a queue whose state is whether
// a column is set, claimed (locked_at set), locked_at IS NOT NULL,
// locked_at = NULL.
func describeState(qt *queuemodel.QueueTable, st *queuemodel.Statement) (state, in, back string) {
	col := qt.StateColumn
	if v, _ := qt.AssignedState(st); v == sqlcheck.StateNotNull {
		return "claimed (" + col + " set)", col + " IS NOT NULL", col + " = NULL"
	}
	v, _ := st.Assigns(col)
	text := v.Text
	if v.Kind == sqlcheck.ValueConst && strings.HasPrefix(text, "$") {
		text = qt.ShowState(v.Str) // the state bound as a parameter
	}
	return text, col + " = " + text, col + " = ..."
}

// leaseAge is what a lease column that holds the claim's time is compared
// with: locked_at < now() - interval '5 minutes' (a deadline needs nothing).
func leaseAge(qt *queuemodel.QueueTable, lease string) string {
	if lease == qt.StateColumn {
		return " + interval '5 minutes'"
	}
	return ""
}

// movesToInProgress reports whether a claim sets the state column to a
// state claims move jobs to.
func movesToInProgress(qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	v, ok := qt.AssignedState(st)
	if !ok {
		return false
	}
	for _, c := range qt.Claimed {
		if c == v {
			return true
		}
	}
	return false
}

// timeExpr matches SQL that computes a time: the clock, or a parameter
// cast to a timestamp (coalesce($1::timestamptz, now()), as River writes).
var timeExpr = regexp.MustCompile(`(?i)\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(|\bcurrent_timestamp\b|\$\d+\s*::\s*timestamp`)

// leaseColumns returns the columns a claim sets to a time: from the clock,
// from a timestamp parameter, or from a time.Time argument.
func leaseColumns(pass *analysis.Pass, st *queuemodel.Statement) []string {
	var cols []string
	for _, a := range st.Set {
		switch {
		case a.Value.Kind == sqlcheck.ValueNow, timeExpr.MatchString(a.Value.Text):
			cols = append(cols, a.Column)
		case a.Value.Kind == sqlcheck.ValueParam:
			if arg := st.Arg(a.Value.Param); arg != nil && isTime(pass.TypesInfo.TypeOf(arg)) || boundTime(st.BoundValues(a.Value.Param)) {
				cols = append(cols, a.Column)
			}
		}
	}
	return cols
}

// boundTime reports whether every value a call binds to a parameter is a
// time.Time: args = []any{queue, time.Now().Add(lease), worker}, spread
// into the call (Query(ctx, q, args...)), where the source's argument is
// the slice.
func boundTime(vs []ssa.Value) bool {
	for _, v := range vs {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if !isTime(v.Type()) {
			return false
		}
	}
	return len(vs) > 0
}

// isTime reports whether a Go value binds a timestamp: a time.Time, a
// pointer to one, or a nullable time (database/sql's NullTime, pgx's
// pgtype.Timestamptz and Timestamp, which sqlc generates for a nullable
// timestamp column).
func isTime(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	switch pgxpath.Canonical(named.Obj().Pkg().Path()) + "." + named.Obj().Name() {
	case "time.Time", "database/sql.NullTime", pgxpath.V5 + "/pgtype.Timestamptz", pgxpath.V5 + "/pgtype.Timestamp":
		return true
	}
	return false
}

// reclaimed reports whether some statement on the table, in the package or
// anywhere in the module's SQL, takes back claimed rows whose lease
// expired: an UPDATE or DELETE (a reclaimer, or a claim whose poll also
// accepts expired rows) that selects rows by a lease column being past
// (lease < now(), lease < $1, started_at + timeout < now(), now() -
// locked_at > interval ..., the same inside an OR), among rows that may be
// in the claim's state. A SELECT that only looks (a count for a
// dashboard) takes nothing back, and a reclaim of another claimed state
// (a dispatcher's 'queued' rows, when the consumer's claim moves them to
// 'processing') leaves this claim's rows where they are.
//
// A reclaim in a Go function that nothing in the module calls takes
// nothing back (see queuemodel.Unreached): it is left out, and unrun
// names those, for the finding to say why they do not count.
func reclaimed(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable, claim *queuemodel.Statement, leases []string) (ok bool, unrun []string) {
	state, _ := qt.AssignedState(claim)
	var stmts []*queuemodel.Statement
	stmts = append(stmts, qt.Statements...)
	for _, c := range m.Calls {
		stmts = append(stmts, c.Stmts...) // the queue's, and those that hold one on it (see comparesLease)
	}
	for _, st := range stmts {
		if !comparesLease([]*sqlcheck.Stmt{st.Stmt}, qt, state, leases, false) && !pollRetakes(st, qt, state, leases) {
			continue
		}
		name, dead := m.Unreached(pass, st)
		if !dead {
			return true, nil
		}
		if !slices.Contains(unrun, name) {
			unrun = append(unrun, name)
		}
	}
	if comparesLease(m.ModuleStatements(), qt, state, leases, true) {
		return true, nil
	}
	return false, unrun
}

// pollRetakes reports whether a claim's own statement, its SELECT when
// the claim takes two steps, also takes rows in the claimed state whose
// lease expired (WHERE status = 'queued' OR (status = 'running' AND
// locked_until < now()) ... FOR UPDATE), which the claim's UPDATE then
// takes again: the two-step form of a claim whose subquery does it.
func pollRetakes(st *queuemodel.Statement, qt *queuemodel.QueueTable, state string, leases []string) bool {
	s := st.Stmt
	if st.Role != queuemodel.RoleClaim || s.Table != qt.Name || !mayHold(s, qt, state) {
		return false
	}
	for _, p := range s.Where {
		for _, col := range leases {
			if expired(p, col) {
				return true
			}
		}
	}
	return false
}

// comparesLease reports whether one of stmts takes back claimed rows of
// the table whose lease expired. With placeholders, a statement whose
// table is a placeholder counts as one on the table: read from the
// module's files, UPDATE %s SET ... in a reaper's package names its table
// by a Go value the read does not follow (fmt.Sprintf(q, store.Table)),
// and the rule cannot tell that it is not this table's reclaimer.
func comparesLease(stmts []*sqlcheck.Stmt, qt *queuemodel.QueueTable, state string, leases []string, placeholders bool) bool {
	on := func(s *sqlcheck.Stmt) bool {
		return s.Table == qt.Name || placeholders && placeholderTable(s.Table) || sameRelation(s.Table, qt.Name)
	}
	found := false
	check := func(top *sqlcheck.Stmt) {
		top.Walk(func(s *sqlcheck.Stmt) {
			if !on(s) || !mayHold(s, qt, state) {
				return
			}
			for _, p := range s.Where {
				for _, col := range leases {
					if expired(p, col) {
						found = true
					}
				}
			}
		})
	}
	for _, top := range stmts {
		if on(top) {
			if takesBack(top, qt) && mayHold(top, qt, state) {
				check(top)
			}
			continue
		}
		// WITH j AS (UPDATE jobs SET locked_at = NULL WHERE locked_at <
		// now() - interval '4 hours') UPDATE job_queues ...: the reclaim
		// is a statement the top one holds.
		top.Walk(func(s *sqlcheck.Stmt) {
			if s != top && on(s) && (s.Kind == sqlcheck.KindUpdate || s.Kind == sqlcheck.KindDelete) && mayHold(s, qt, state) {
				check(s)
			}
		})
	}
	return found
}

// placeholderTable reports whether a qualified table name's table is a
// placeholder (public.%s).
func placeholderTable(name string) bool {
	return sqlcheck.IsTemplate(name[strings.LastIndex(name, ".")+1:])
}

// sameRelation reports whether two qualified names may name one table: the
// same relation in schemas a Go value names, on either side (%s.jobs,
// {store.Queue.schema}.jobs): graphile-worker's ports splice the schema
// into every statement, from values the tool does not follow to one
// another.
func sameRelation(a, b string) bool {
	i, j := strings.LastIndex(a, "."), strings.LastIndex(b, ".")
	if i < 0 || j < 0 || a[i+1:] != b[j+1:] {
		return false
	}
	return placeholderName(a[:i]) || placeholderName(b[:j])
}

// placeholderName reports whether a name stands for a Go value: a template
// verb or action, or a value's placeholder ({store.Queue.schema~1a2b3c}).
func placeholderName(name string) bool {
	return sqlcheck.IsTemplate(name) || strings.HasPrefix(name, "{") && strings.HasSuffix(name, "}")
}

// takesBack reports whether a statement can take rows back: an UPDATE or
// DELETE, or a SELECT that lists claimed rows by key for a second step
// to update (River's rescuer: SELECT id ... WHERE state = 'running' AND
// attempted_at < $1), as opposed to a count or a poll that only looks.
func takesBack(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	switch s.Kind {
	case sqlcheck.KindUpdate, sqlcheck.KindDelete:
		return true
	case sqlcheck.KindSelect:
		// count(*), an expression: a report, not a reclaim
		return !sqlcheck.Reports(s) && len(s.Outputs) > 0 && onlyClaimed(s, qt)
	}
	return false
}

// onlyClaimed reports whether a statement filters the state column on
// claimed states only: status = 'running', or started_at IS NOT NULL on a
// queue whose claim is setting that column.
func onlyClaimed(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	for _, p := range sqlcheck.StateFilters(s) {
		if p.Column == qt.StateColumn && p.Op == sqlcheck.OpIsNotNull {
			return slices.Contains(qt.Claimed, sqlcheck.StateNotNull)
		}
		if p.Column != qt.StateColumn || p.Op != sqlcheck.OpEq && p.Op != sqlcheck.OpIn {
			continue
		}
		all := true
		for _, v := range p.Values {
			all = all && v.Kind == sqlcheck.ValueConst && slices.Contains(qt.Claimed, v.Str)
		}
		return all
	}
	return false
}

// mayHold reports whether a statement's state filter, if it has a
// constant one, admits the state: status = 'running', status IN (...), or
// one branch of an OR (status = 'queued' OR (status = 'running' AND
// locked_until < now())).
func mayHold(s *sqlcheck.Stmt, qt *queuemodel.QueueTable, state string) bool {
	states, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn)
	switch {
	case !ok:
		return true
	case states.Not:
		return !slices.Contains(states.In, state)
	}
	return slices.Contains(states.In, state) || slices.Contains(states.Cond, state)
}

// mayHoldClaimed reports whether a statement's state filter, if it has a
// constant one, admits a claimed state.
func mayHoldClaimed(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	for _, p := range sqlcheck.StateFilters(s) {
		if p.Column != qt.StateColumn || p.Op != sqlcheck.OpEq && p.Op != sqlcheck.OpIn {
			continue
		}
		admits := false
		for _, v := range p.Values {
			admits = admits || v.Kind != sqlcheck.ValueConst || slices.Contains(qt.Claimed, v.Str)
		}
		if !admits {
			return false
		}
	}
	return true
}

// expired reports whether a predicate holds for rows whose lease column
// col is past: col < now(), or the same as arithmetic.
func expired(p sqlcheck.Pred, col string) bool {
	if p.Column == col && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) {
		return true
	}
	if p.Op != sqlcheck.OpOther {
		return false
	}
	q := regexp.QuoteMeta(col)
	if regexp.MustCompile(`\b` + q + `\s*<|>=?\s*(\w+\.)?` + q + `\b`).MatchString(p.Text) {
		return true
	}
	// started_at + timeout * interval '1 second' < now(): the column,
	// pushed later, on the small side; now() - locked_at > interval '5
	// minutes': the column subtracted, on the large side.
	for _, cmp := range comparisons.FindAllStringSubmatchIndex(p.Text, -1) {
		left, op, right := p.Text[:cmp[0]], p.Text[cmp[2]:cmp[3]], p.Text[cmp[1]:]
		if op[0] == '>' {
			left, right = right, left // read it as left < right
		}
		if added(left, q) && timeExpr.MatchString(right) || subtracted(right, q) {
			return true
		}
	}
	return false
}

// comparisons finds a comparison operator (not <> or a shift).
var comparisons = regexp.MustCompile(`[^<>!=]((?:<|>)=?)[^<>=]`)

// added reports whether col appears in an expression as a term that is not
// subtracted: col + x, x + col.
func added(expr, q string) bool {
	return regexp.MustCompile(`(^|[^-\s]\s*|\+\s*|\(\s*)\b(\w+\.)?`+q+`\b`).MatchString(strings.TrimSpace(expr)) && !subtracted(expr, q)
}

// subtracted reports whether col is subtracted in an expression: x - col.
func subtracted(expr, q string) bool {
	return regexp.MustCompile(`-\s*(\w+\.)?` + q + `\b`).MatchString(expr)
}

var sessionLock = regexp.MustCompile(`(?i)\bpg_(try_)?advisory_lock(_shared)?\s*\(`)

// holdsSessionLock reports whether the function that claims also takes a
// session-level advisory lock, which PostgreSQL releases when the worker's
// connection dies.
func holdsSessionLock(m *queuemodel.Model, claim *queuemodel.Call) bool {
	for _, c := range m.Calls {
		if c.Known && c.Decl != nil && c.Decl == claim.Decl && sessionLock.MatchString(c.SQL) {
			return true
		}
	}
	return false
}
