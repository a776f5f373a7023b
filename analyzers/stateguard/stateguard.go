package stateguard

import (
	_ "embed"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

//go:embed rule.txtar
var record []byte

// Rule is the stateguard rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*OnCallersTx)(nil)},
})

// Analyzer reports the stateguard rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	splitResets(pass, m)
	h := &handoff{pass: pass, m: m, e: e}
	k := keys{m: m}
	defer h.finish()
	for _, qt := range m.QueueTables() {
		if qt.StateColumn == "" {
			continue
		}
		holders := holderColumns(qt)
		contested := contested(m, qt, k)
		fence, fencer := fenceOf(qt, holders)
		for _, st := range qt.Statements {
			state, ok := movesOut(pass, qt, st, k)
			if !ok {
				continue
			}
			if lockedBefore(e, qt, st) {
				if contested != "" && k.byKey(st.Stmt) && st.ScannedBy == nil && !guarded(qt, st, holders, k) {
					h.handOn(qt, st, fmt.Sprintf("sets %s to %s by key without re-checking the job's state or its holder; %s, so this write can overwrite what happened since; "+
						"read the row FOR UPDATE in the transaction first, or add the state it expects (AND %s = ...) to the WHERE and check the row count",
						qt.StateColumn, state, contested, qt.StateColumn))
				}
				continue
			}
			if guarded(qt, st, holders, k) && unguardedMove(qt, st, k) == nil {
				// Only a write that can find the job claimed can overwrite a
				// claim: one that takes failed or dead jobs (an operator's
				// retry) needs no fence.
				if fence != "" && contested != "" && k.byKey(st.Stmt) && !checksHolder(st, holders) && mayFindClaimed(st.Stmt, qt) {
					reportUnfenced(pass, qt, st, state, fence, fencer)
				}
				continue
			}
			table := queuemodel.TableName(qt.Name)
			switch {
			case !k.byKey(st.Stmt):
				rows := " on every row of " + table + " its WHERE matches, whatever state the job is in"
				if mv := unguardedMove(qt, st, k); mv != nil {
					rows = " on every row of " + table + " with " + conditionText(mv.When) + ", whatever state the job is in"
				}
				clause, lead := setsTo(qt.StateColumn, state, rows)
				where, end := st.PosAt(pass.Fset, sqlcheck.ClauseWhere)
				pass.Report(analysis.Diagnostic{
					Pos:     where,
					End:     end,
					Related: st.Related(),
					Message: fmt.Sprintf("%s\n%sfinished, failed and cancelled jobs that match are moved too; "+
						"filter on the state it moves jobs from (AND %s = ...)", clause, lead, qt.StateColumn),
				})
			case st.ScannedBy != nil:
				reportReset(pass, qt, st, state)
			case contested != "":
				clause, lead := setsTo(qt.StateColumn, state, " by key without re-checking the job's state or its holder")
				where, end := st.PosAt(pass.Fset, sqlcheck.ClauseWhere)
				pass.Report(analysis.Diagnostic{
					Pos:     where,
					End:     end,
					Related: st.Related(),
					Message: fmt.Sprintf("%s\n%s%s, so this write can overwrite what happened since "+
						"(another worker's run, a cancellation, a finished job put back in the queue); "+
						"add the state it expects (AND %s = ...) or the claim's token to the WHERE and check the row count, or read the row FOR UPDATE in the same transaction first",
						clause, lead, contested, qt.StateColumn),
				})
			}
		}
	}
	return nil, nil
}

// movesOut returns the state an UPDATE of the package moves jobs to when it
// is a terminal or runnable one (not a claim), as SQL.
func movesOut(pass *analysis.Pass, qt *queuemodel.QueueTable, st *queuemodel.Statement, k keys) (string, bool) {
	if st.Kind != sqlcheck.KindUpdate || st.Call.Receiver == queuemodel.RecvUnknown ||
		strings.HasSuffix(pass.Fset.Position(st.Call.Pos()).Filename, "_test.go") {
		return "", false
	}
	v, ok := st.Assigns(qt.StateColumn)
	if !ok {
		return "", false
	}
	states := v.Cases
	if v.Kind == sqlcheck.ValueConst {
		states = []string{v.Str}
	}
	text := v.Text
	if v.Kind == sqlcheck.ValueConst && strings.HasPrefix(text, "$") {
		text = qt.ShowState(v.Str) // bound from Go: status.Aborted (96)
	}
	if len(states) == 0 && len(st.Moves) > 0 {
		// CASE ... ELSE status END: the states its arms give.
		for _, mv := range st.Moves {
			states = append(states, mv.State)
		}
		text = stateSQL(qt, st.Moves[0].State)
		if mv := unguardedMove(qt, st, k); mv != nil {
			text = stateSQL(qt, mv.State)
		}
	}
	if len(states) == 0 {
		return "", false // a parameter or an expression: what it holds is out of sight
	}
	for _, s := range states {
		if slices.Contains(qt.Claimed, s) {
			return "", false
		}
	}
	return text, true
}

// unguardedMove returns, for an UPDATE not by key whose state is decided
// by a CASE, the first arm that moves jobs out of some state without
// filtering on it: CASE WHEN attempts >= max THEN 'failed' ... WHERE
// attempts >= max OR (...) fails finished jobs too, although another arm's
// condition names the state. It returns nil when every arm re-checks.
func unguardedMove(qt *queuemodel.QueueTable, st *queuemodel.Statement, k keys) *queuemodel.Move {
	if k.byKey(st.Stmt) {
		return nil // by key, a holder column guards as well as the state (see guarded)
	}
	for i, mv := range st.Moves {
		if !slices.Contains(qt.Claimed, mv.State) && !mv.RechecksState(qt.StateColumn) {
			return &st.Moves[i]
		}
	}
	return nil
}

// stateSQL spells a state as the SQL that gives it, or by the Go constant
// that names it.
func stateSQL(qt *queuemodel.QueueTable, state string) string {
	if state == sqlcheck.StateNull {
		return "NULL"
	}
	return qt.ShowState(state)
}

// conditionText is a CASE arm's condition as SQL.
func conditionText(when []sqlcheck.Pred) string {
	var parts []string
	for _, p := range when {
		parts = append(parts, p.Text)
	}
	text := strings.Join(parts, " AND ")
	if len(parts) == 0 || utf8.RuneCountInString(text) > 40 {
		return "its CASE arm's condition" // the clause stays short; the SQL is at the position
	}
	return text
}

// holderWord matches the names of columns that say who holds a job or
// which claim it is in.
var holderWord = regexp.MustCompile(`(?i)token|lock|owner|worker|holder|lease|attempt|version|claim|fence|heartbeat`)

// holderColumns returns the columns that identify a job's current claim:
// those the table's claims write, besides the state, and those named like
// a token, an owner or an attempt.
func holderColumns(qt *queuemodel.QueueTable) map[string]bool {
	cols := map[string]bool{}
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleClaim {
			continue
		}
		for _, a := range st.Set {
			if a.Column != qt.StateColumn {
				cols[a.Column] = true
			}
		}
	}
	return cols
}

// fenceOf returns a holder column that one of the queue's statements
// checks against a value the worker holds (a heartbeat's WHERE id = $1 AND
// claim_id = $2), and that statement: the queue shows that the state alone
// does not say whose run it is.
func fenceOf(qt *queuemodel.QueueTable, holders map[string]bool) (string, *queuemodel.Statement) {
	for _, st := range qt.Statements {
		for _, p := range st.Where {
			if p.Op == sqlcheck.OpEq && holders[p.Column] && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam {
				return p.Column, st
			}
		}
	}
	return "", nil
}

// checksHolder reports whether an UPDATE's WHERE names a holder column.
func checksHolder(st *queuemodel.Statement, holders map[string]bool) bool {
	return slices.ContainsFunc(st.Where, func(p sqlcheck.Pred) bool {
		return p.Column != "" && (holders[p.Column] || holderWord.MatchString(p.Column))
	})
}

// reportUnfenced reports an outcome that re-checks the state but not the
// holder the queue fences other writes on: after a reclaim and a new claim
// the state is the claimed one again, under another holder.
func reportUnfenced(pass *analysis.Pass, qt *queuemodel.QueueTable, st *queuemodel.Statement, state, fence string, fencer *queuemodel.Statement) {
	clause, lead := setsTo(qt.StateColumn, state, " re-checking the state but not "+fence+", which another statement checks")
	where, end := st.PosAt(pass.Fset, sqlcheck.ClauseWhere)
	pass.Report(analysis.Diagnostic{
		Pos: where,
		End: end,
		Related: append(st.Related(), analysis.RelatedInformation{
			Pos: fencer.Pos(), Message: "this statement checks " + fence,
		}),
		Message: fmt.Sprintf("%s\n%s"+
			"once a reclaim hands the job to a second worker, it is in its claimed state again, and a worker that lost it overwrites the second one's run; "+
			"add AND %s = $n to the WHERE and check the row count",
			clause, lead, fence),
	})
}

// reportReset reports the UPDATE of a two-statement reclaim that puts a
// job back by the key a SELECT of stuck jobs returned, without asking
// again whether it is stuck: a job that finished in between (its worker
// was slow, not dead) is put back and runs again. A lock the SELECT took
// in a transaction still open here would have made the finishing worker
// wait (see lockedBefore); on an autocommit receiver it is gone when the
// SELECT returns.
func reportReset(pass *analysis.Pass, qt *queuemodel.QueueTable, st *queuemodel.Statement, state string) {
	scan := st.ScannedBy
	why := ""
	if scan.Lock != nil && queuemodel.LockReleased(scan, st) {
		why = fmt.Sprintf("the SELECT's FOR %s runs on a %s and releases its row lock as soon as the SELECT returns, so it holds nothing back; ",
			strings.ToUpper(scan.Lock.Strength), scan.Call.Receiver)
	}
	where, end := st.PosAt(pass.Fset, sqlcheck.ClauseWhere)
	pass.Report(analysis.Diagnostic{
		Pos: where,
		End: end,
		Related: append(st.Related(), analysis.RelatedInformation{
			Pos: scan.Pos(), Message: "the SELECT that found the stuck job whose key this UPDATE binds",
		}),
		Message: fmt.Sprintf("this reclaim puts a job back by key without re-checking that it is still stuck\n"+
			"a job that finishes between the SELECT that found it and this UPDATE is set to %s again and runs a second time; %s"+
			"repeat the SELECT's filter in this WHERE (AND %s = ... AND the deadline) and check the row count, or lock the row FOR UPDATE in a transaction that runs both",
			state, why, qt.StateColumn),
	})
}

// splitResets reports the resets of the two-statement reclaims this
// package joins from another package's functions (see
// queuemodel.SplitReclaims) that do not re-check the state: when the scan
// took no lock, or took it on an autocommit receiver, where it is gone
// before the reset runs. A scan that locks on what its caller gives it
// may hold the lock in the caller's transaction: out of sight.
func splitResets(pass *analysis.Pass, m *queuemodel.Model) {
	for _, r := range m.SplitReclaims() {
		if r.Reset.Rechecks || queuemodel.InTestFile(pass, r.ResetSite.Pos()) {
			continue
		}
		why := ""
		if r.Scan.Locked {
			if !r.Scan.Receiver.Autocommit() || !r.Reset.Receiver.Autocommit() {
				continue
			}
			why = fmt.Sprintf("%s's FOR UPDATE runs on a %s and releases its row lock as soon as the SELECT returns, so it holds nothing back; ",
				r.ScanFunc.Name(), r.Scan.Receiver)
		}
		pass.Report(analysis.Diagnostic{
			Pos: r.ResetSite.Pos(),
			Related: []analysis.RelatedInformation{
				{Pos: r.ScanSite.Pos(), Message: "the call of " + r.ScanFunc.Name() + ", whose SELECT found the stuck job"},
				{Pos: m.RelatedPos(r.Reset.Stmt), Message: "the UPDATE " + r.ResetFunc.Name() + " runs"},
			},
			Message: fmt.Sprintf("this call puts a job back by key without re-checking that it is still stuck\n"+
				"%s's UPDATE sets %s to %s by key alone: a job that finishes between %s's SELECT and this call is put back and runs a second time; %s"+
				"repeat the SELECT's filter in the UPDATE's WHERE (AND %s = ... AND the deadline) and check the row count, or lock the row FOR UPDATE in a transaction that runs both",
				r.ResetFunc.Name(), r.Reset.StateColumn, r.Reset.State, r.ScanFunc.Name(), why, r.Reset.StateColumn),
		})
	}
}

// setsTo is the first clause of a finding about an UPDATE that sets the
// state column to state, and what opens its detail: the new state is named
// in the clause when the clause stays within rule.MaxClause characters, in
// the detail when its SQL is longer (a CASE).
func setsTo(column, state, rest string) (clause, lead string) {
	if clause = "this UPDATE sets " + column + " to " + state + rest; utf8.RuneCountInString(clause) <= rule.MaxClause {
		return clause, ""
	}
	return "this UPDATE sets " + column + rest, "it sets " + column + " to " + state + "; "
}

// guarded reports whether an UPDATE re-checks the job: a predicate on the
// state, or (by key) on a holder column, in its WHERE or in a CTE or
// subquery on the table that picks its rows; or a branch of the function
// body that runs it looks at the state.
func guarded(qt *queuemodel.QueueTable, st *queuemodel.Statement, holders map[string]bool, k keys) bool {
	mentions := func(text, col string) bool {
		return regexp.MustCompile(`\b` + regexp.QuoteMeta(col) + `\b`).MatchString(text)
	}
	keyed := k.byKey(st.Stmt)
	isGuard := func(p sqlcheck.Pred) bool {
		if p.Column == qt.StateColumn || mentions(p.Text, qt.StateColumn) {
			return true
		}
		if !keyed {
			return false
		}
		if p.Column != "" && (holders[p.Column] || holderWord.MatchString(p.Column)) {
			return true
		}
		return false
	}
	found := false
	st.Stmt.Walk(func(s *sqlcheck.Stmt) {
		if s.Table != qt.Name && s.Table != "" {
			return
		}
		for _, p := range s.Where {
			found = found || isGuard(p)
		}
	})
	for _, c := range st.Guards() {
		found = found || mentions(c, qt.StateColumn)
	}
	return found
}

// lockedBefore reports whether an UPDATE runs in a transaction that holds
// the job's row lock: a SELECT ... FOR UPDATE or an UPDATE of the table run
// before it on every path, in the same open transaction (a check in Go
// between the two decides), by the function itself or by a function of
// the package it gives that transaction (lockNext(ctx, tx)); or in a
// transaction the function was given, or one the tool cannot follow to the
// UPDATE (its caller may hold the lock: out of sight).
func lockedBefore(e *effects.Effects, qt *queuemodel.QueueTable, st *queuemodel.Statement) bool {
	if st.Call.Receiver != queuemodel.RecvTx {
		return false
	}
	at := e.Call(st.Call.Expr)
	tx := e.TxOf(at)
	if tx == nil || tx.Begin == nil {
		return true
	}
	for _, o := range qt.Statements {
		if o == st || !(o.Kind == sqlcheck.KindSelect && o.Lock != nil || o.Kind == sqlcheck.KindUpdate) {
			continue
		}
		if o.Call == st.Call {
			if o.Before(st) {
				return true
			}
			continue
		}
		lock := e.Call(o.Call.Expr)
		if lock == nil {
			continue
		}
		if e.TxOf(lock) == tx && effects.Before(lock, at) || locksForCaller(e, lock, tx, at) {
			return true
		}
	}
	return false
}

// locksForCaller reports whether lock runs, on every path, in a function of
// the package on the transaction its caller gives it, and a call of that
// function gives it tx before at, in the same open transaction.
func locksForCaller(e *effects.Effects, lock ssa.CallInstruction, tx *effects.Tx, at ssa.Instruction) bool {
	fn := lock.Parent()
	h := effects.HandleOf(lock)
	param := h.Param(fn)
	if param < 0 || fn.Parent() != nil || !effects.Unconditional(lock) {
		return false
	}
	for _, call := range e.CallersOf(fn) {
		if e.TxAt(effects.ArgHandle(call, param), call) == tx && effects.Before(call, at) {
			return true
		}
	}
	return false
}

// keys says which columns name a table's rows: the unique keys of the
// schema, where it holds the table. The schema is read on the first
// question.
type keys struct{ m *queuemodel.Model }

// byKey reports whether an UPDATE names its rows by key: id = $1, id =
// ANY($1), job_id = $1. Where the schema holds the table with a unique
// key (its primary key, a unique constraint, a unique index without a
// predicate), that is every column of one such key bound to a parameter
// (email_key = $1 on a table whose primary key is email_key; not job_id =
// $1 on a table keyed by id, which may match every run of a job); where
// it does not, a column named like a key (id, *_id, *_uuid).
func (k keys) byKey(s *sqlcheck.Stmt) bool {
	bound := func(col string) bool {
		return slices.ContainsFunc(s.Where, func(p sqlcheck.Pred) bool {
			return p.Column == col && (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam
		})
	}
	if unique := k.uniqueKeys(s.Table); len(unique) > 0 {
		for _, key := range unique {
			// UPDATE ... FROM unnest($1::uuid[]) AS given(id) WHERE jobs.id = given.id
			if len(key) == 1 && slices.Contains(s.GivenKeys, key[0]) {
				return true
			}
			all := true
			for _, col := range key {
				all = all && bound(col)
			}
			if all {
				return true
			}
		}
		return false
	}
	if slices.ContainsFunc(s.GivenKeys, keyColumn) {
		return true // UPDATE ... FROM unnest($1::uuid[]) AS given(id) WHERE jobs.id = given.id
	}
	for _, p := range s.Where {
		if (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && keyColumn(p.Column) && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam {
			return true
		}
	}
	return false
}

// uniqueKeys returns the columns of each unique key the schema gives a
// table, or nil when it holds no such key of it (or no such table). A key
// on an expression names no column the WHERE binds: it is left out.
func (k keys) uniqueKeys(table string) [][]string {
	t := k.m.Schema().Table(table)
	if t == nil {
		return nil
	}
	var out [][]string
	for _, idx := range t.Indexes {
		if !idx.Primary && !idx.Unique || idx.Where != nil || len(idx.Keys) == 0 {
			continue
		}
		var cols []string
		for _, key := range idx.Keys {
			cols = append(cols, key.Column)
		}
		if !slices.Contains(cols, "") {
			out = append(out, cols)
		}
	}
	return out
}

func keyColumn(col string) bool {
	col = strings.ToLower(col)
	return col == "id" || col == "uuid" || strings.HasSuffix(col, "_id") || strings.HasSuffix(col, "_uuid")
}

// contested says why a job's state can change under the worker that
// holds it, or "": something takes claimed jobs back (a reclaimer or
// rescuer in the package or anywhere in the module's SQL, or a claim whose
// poll re-takes claimed jobs), and another worker can then claim the job.
func contested(m *queuemodel.Model, qt *queuemodel.QueueTable, k keys) string {
	for _, st := range qt.Statements {
		if st.Role == queuemodel.RoleReclaim && (len(qt.HandedOn) == 0 || admitsHeld(st.Stmt, qt)) {
			return "jobs whose lease expired are taken back and claimed again"
		}
		for _, p := range st.Polls {
			if st.Role == queuemodel.RoleClaim && admitsHeld(p, qt) {
				return "the claim also re-takes claimed jobs whose lease expired"
			}
		}
	}
	stmts := m.ModuleStatements()
	for _, st := range qt.Statements {
		stmts = append(stmts, st.Stmt)
	}
	for _, top := range stmts {
		found := false
		top.Walk(func(s *sqlcheck.Stmt) {
			found = found || s.Table == qt.Name && s.Kind == sqlcheck.KindUpdate && !k.byKey(s) && admitsHeld(s, qt) && movesFrom(s, qt)
		})
		if found {
			return "a statement takes claimed jobs back"
		}
	}
	return ""
}

// admitsClaimed reports whether a statement's state filter admits a
// claimed state, alone or under a further condition (status = 'running'
// AND locked_until < now(), status = 'queued' OR (status = 'running' AND
// ...)).
func admitsClaimed(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	states, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn)
	if !ok || states.Not {
		return false
	}
	for _, v := range append(slices.Clone(states.In), states.Cond...) {
		if slices.Contains(qt.Claimed, v) {
			return true
		}
	}
	return false
}

// admitsHeld reports whether a statement's state filter admits a claimed
// state whose holder records the job's outcome: any claimed state but the
// ones a second claim takes jobs from (a dispatcher's 'queued', when each
// consumer then moves its row to 'processing' by compare-and-set). Taking
// back a dispatcher's rows overwrites nothing a worker writes.
func admitsHeld(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	states, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn)
	if !ok || states.Not {
		return false
	}
	for _, v := range append(slices.Clone(states.In), states.Cond...) {
		if slices.Contains(qt.Claimed, v) && !slices.Contains(qt.HandedOn, v) {
			return true
		}
	}
	return false
}

// mayFindClaimed reports whether an UPDATE's state filter lets it touch a
// job in a claimed state: it names one, or excludes states without
// excluding every claimed one (status <> 'done').
func mayFindClaimed(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	states, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn)
	if !ok || !states.Not {
		return admitsClaimed(s, qt)
	}
	for _, c := range qt.Claimed {
		if !slices.Contains(states.In, c) {
			return true
		}
	}
	return false
}

// movesFrom reports whether an UPDATE sets the state column to states
// that are not claimed ones.
func movesFrom(s *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	v, ok := s.Assigns(qt.StateColumn)
	states := v.Cases // CASE WHEN attempts >= 5 THEN 'failed' ELSE 'queued' END
	if v.Kind == sqlcheck.ValueConst {
		states = []string{v.Str}
	}
	return ok && len(states) > 0 && !slices.ContainsFunc(states, func(s string) bool { return slices.Contains(qt.Claimed, s) })
}
