package queuemodel

import (
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A reclaim may take two statements: a SELECT that finds the jobs stuck
// in a claimed state (SELECT id FROM jobs WHERE status = 'processing' AND
// updated_at < now() - interval '1 minute'), and for each key it returns
// an UPDATE by key that puts the job back (UPDATE jobs SET status =
// 'pending' WHERE id = $1). The UPDATE alone looks like a retry; what
// makes it a reclaim is where its key comes from, which the effects layer
// follows on SSA: from the SELECT's rows, in one function, through a
// helper of the package, or through the functions of another package
// that a caller calls in turn (see splitreclaims.go).

// stuckScan reports whether a SELECT finds claimed jobs whose deadline is
// past: its state filter admits claimed states only, and it compares a
// column with the clock. Such a SELECT picks no runnable work, whatever
// its shape (LIMIT, SKIP LOCKED): it is the first half of a reclaim.
func stuckScan(st *Statement, col string, claimed map[string]bool) bool {
	if st.Kind != sqlcheck.KindSelect || col == "" || st.NestedClaim() != nil || st.Body != nil {
		return false
	}
	states, ok := sqlcheck.FilterStates(st.Where, col)
	return ok && !states.Not && len(states.In) > 0 && len(states.Cond) == 0 && allIn(states.In, claimed) && expiresLease(st.Stmt)
}

// listsClaimed reports whether a SELECT reads rows of claimed jobs by
// key: its state filter admits claimed states only and it gives back
// columns (id, or *), not a count. Whether the jobs it lists are stuck may
// be decided in its SQL (see stuckScan) or in Go, from a heartbeat kept
// elsewhere (a Redis key, a process list): listed and put back under that
// decision (see decided), they are reclaimed.
func listsClaimed(st *Statement, col string, claimed map[string]bool) bool {
	if st.Kind != sqlcheck.KindSelect || col == "" || st.NestedClaim() != nil || st.Body != nil || len(st.Outputs) == 0 {
		return false
	}
	if sqlcheck.Reports(st.Stmt) {
		return false // count(*), an expression: a report
	}
	states, ok := sqlcheck.FilterStates(st.Where, col)
	return ok && !states.Not && len(states.In) > 0 && len(states.Cond) == 0 && allIn(states.In, claimed)
}

// decided reports whether a call that puts back a job a SELECT listed
// runs only under a decision made on what the SELECT returned: a branch
// whose condition is computed from the rows (if !alive { reset(j.ID) },
// alive from a heartbeat read for j.WorkerID; if time.Since(j.SeenAt) >
// ttl; if stale(j), a function of the package given the row). The decision may be in a caller of the function that makes the
// call, in the package, on every path to it. Iterating the rows (Next)
// and checking a value for nil decide nothing about staleness.
func (b *builder) decided(instr ssa.Instruction, rows ssa.Value) bool {
	return b.decidedAt(instr, rows, 0)
}

func (b *builder) decidedAt(instr ssa.Instruction, rows ssa.Value, depth int) bool {
	if instr == nil || depth > 3 {
		return false
	}
	isGuard := func(cond ssa.Value) bool {
		if c, ok := cond.(*ssa.Call); ok && c.Common().Method != nil && c.Common().Method.Name() == "Next" ||
			ok && c.Common().StaticCallee() != nil && c.Common().StaticCallee().Name() == "Next" {
			return false
		}
		read := func(v ssa.Value) bool { return b.effects.Flows(rows, v) || b.computedFrom(rows, v) }
		if bin, ok := cond.(*ssa.BinOp); ok {
			if isNil(bin.X) || isNil(bin.Y) {
				return false
			}
			return read(bin.X) || read(bin.Y)
		}
		return read(cond)
	}
	if effects.Guarded(instr, isGuard) {
		return true
	}
	fn := instr.Parent()
	if fn == nil {
		return false
	}
	callers := b.effects.CallersOf(fn)
	for _, c := range callers {
		if !b.decidedAt(c, rows, depth+1) {
			return false
		}
	}
	return len(callers) > 0
}

// computedFrom reports whether v is the result of a call given a value
// read from rows: time.Since(j.SeenAt), a duration computed from a row.
// len(rows) is how many there are (a range's bound), not one of them.
func (b *builder) computedFrom(rows, v ssa.Value) bool {
	c, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	if _, builtin := c.Common().Value.(*ssa.Builtin); builtin {
		return false
	}
	for _, a := range c.Common().Args {
		if b.effects.Flows(rows, a) {
			return true
		}
	}
	return false
}

func isNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// dropScans takes the poll (and claim) roles from the SELECTs of a table
// that find stuck claimed jobs (see stuckScan): a rescuer's scan, read as a
// poll only because the claimed states were not known yet.
func dropScans(qt *QueueTable, claimed map[string]bool) {
	for _, st := range qt.Statements {
		if (st.Role == RolePoll || st.Role == RoleClaim) && stuckScan(st, qt.StateColumn, claimed) {
			st.Role, st.Polls = RoleNone, nil
		}
	}
}

// pairScans makes a reclaim of each UPDATE by key that puts a job back in
// a runnable state with a key that flows from the rows of a SELECT of the
// same table that lists claimed jobs: stuck ones (see stuckScan), or any,
// when the UPDATE runs only under a decision on what the SELECT returned
// (see decided). The UPDATE takes the scan's filter for its role. A
// listing whose keys are put back with no decision (every running job
// requeued at start) is no reclaim of expired leases.
func (b *builder) pairScans(qt *QueueTable, runnable, claimed map[string]bool) {
	for _, reset := range qt.Statements {
		if reset.Role != RoleRetry && reset.Role != RoleNone {
			continue
		}
		key := b.keyOf(reset, qt.StateColumn, runnable)
		if key == nil {
			continue
		}
		for _, scan := range qt.Statements {
			if scan.Role != RoleNone || !listsClaimed(scan, qt.StateColumn, claimed) {
				continue
			}
			src := b.effects.Call(scan.Call.Expr)
			if src == nil {
				continue
			}
			rows := b.rowsOf(scan, src)
			if !slices.ContainsFunc(rows, func(r ssa.Value) bool { return b.effects.Flows(r, key) }) {
				continue
			}
			if stuckScan(scan, qt.StateColumn, claimed) || slices.ContainsFunc(rows, func(r ssa.Value) bool { return b.decided(b.effects.Call(reset.Call.Expr), r) }) {
				reset.Role, reset.ScannedBy = RoleReclaim, scan
				break
			}
		}
	}
}

// rowsOf returns the values a statement's rows come back in (see RowsOf).
func (b *builder) rowsOf(st *Statement, src ssa.CallInstruction) []ssa.Value { return RowsOf(st, src) }

// RowsOf returns the values the rows of a statement, sent by the SSA call
// src, come back in: the call's result, and the destination an ORM's
// finisher fills when the call is given its address (GORM's Find(&jobs)).
func RowsOf(st *Statement, src ssa.CallInstruction) []ssa.Value {
	var out []ssa.Value
	if v := src.Value(); v != nil {
		out = append(out, v)
	}
	for _, a := range st.Call.ScanArgs {
		j := slices.Index(st.Call.Expr.Args, a)
		if j < 0 {
			continue // a Scan of the rows (pgx): its targets are read from the result
		}
		v := effects.Arg(src, j)
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if v != nil {
			out = append(out, v)
		}
	}
	return out
}

// keyOf returns the Go value an UPDATE binds to its key, when the UPDATE
// moves a job named by key back to a runnable state: id = $1 and its
// argument. It returns nil for any other statement, or when the
// argument is out of sight (args..., a function body's statement).
func (b *builder) keyOf(st *Statement, col string, runnable map[string]bool) ssa.Value {
	if st.Kind != sqlcheck.KindUpdate || st.Body != nil || st.Call.instr == nil && st.Call.ormArgs == nil || col == "" {
		return nil
	}
	v, ok := st.Assigns(col)
	if !ok {
		return nil
	}
	back := v.Kind == sqlcheck.ValueConst && runnable[v.Str] || anyIn(v.Cases, runnable)
	if !back {
		return nil
	}
	n := keyParam(st.Stmt)
	if n < 1 {
		return nil
	}
	return st.Call.argValue(n)
}

// keyParam returns the parameter an UPDATE names its rows by (id = $1,
// job_id = $2), or 0.
func keyParam(s *sqlcheck.Stmt) int {
	for _, p := range s.Where {
		if p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam && keyName.MatchString(p.Column) {
			return p.Values[0].Param
		}
	}
	return 0
}

// keyName matches the names of columns that name a row: id, job_id, uuid.
var keyName = regexp.MustCompile(`(?i)^(id|uuid)$|_(id|uuid)$`)

// RetakesExpired reports whether a claim's poll also takes the jobs of
// the state the claim moves them to once a deadline has passed: status =
// 'new' OR (status = 'in_progress' AND locked_until < now()), or status IN
// ('new', 'in_progress') AND next_attempt_time < now() where the claim
// writes next_attempt_time. The claim is then also the queue's reclaim.
func (qt *QueueTable) RetakesExpired(st *Statement) bool {
	if st.Role != RoleClaim || st.Kind != sqlcheck.KindUpdate || qt.StateColumn == "" {
		return false
	}
	v, ok := qt.claimedState(st)
	if !ok {
		return false
	}
	for _, poll := range st.Polls {
		if poll.Table != qt.Name {
			continue
		}
		if retakesExpired(poll.Where, qt.StateColumn, v) {
			return true
		}
		states, ok := sqlcheck.FilterStates(poll.Where, qt.StateColumn)
		if !ok || states.Not || !slices.Contains(states.In, v) {
			continue
		}
		for _, p := range poll.Where {
			if _, lease := st.Assigns(p.Column); lease && expires([]sqlcheck.Pred{p}) {
				return true
			}
		}
	}
	return false
}
