package queuemodel

import (
	"go/ast"
	"maps"
	"regexp"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// inferQueue finds the package's polls, the queue tables they read, and the
// roles of the statements on those tables.
func (b *builder) inferQueue() {
	inherited := b.inheritedQueues()
	written := b.writtenColumns()

	for _, st := range b.statements() {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if s == st.Stmt && b.bulkTake(st, s) {
				st.Polls = append(st.Polls, s)
				return
			}
			if !b.isPoll(s, st.Stmt, inherited, written) || keepsPick(st.Stmt, s) {
				return
			}
			if col := b.stateColumn(s, st.Stmt, written[s.Table]); b.selectsRunnable(s, col) && !purges(s, st.Stmt, col) && !onlyCounted(st.Stmt) && !st.Stmt.Grouped {
				st.Polls = append(st.Polls, s)
			}
		})
		b.expiredArms(st, inherited, written)
		for _, poll := range st.Polls {
			qt := b.table(poll.Table)
			if qt.StateColumn == "" {
				qt.StateColumn = b.stateColumn(poll, st.Stmt, written[poll.Table])
			}
		}
		if len(st.Polls) > 0 {
			st.Role = RolePoll
			if claims(st) {
				st.Role = RoleClaim
			}
		}
	}
	b.dropSweeps(written)
	for name := range inherited {
		b.table(name).Inherited = true
	}
	b.batchPolls(written)
	b.takenByKey()
	for _, st := range b.statements() {
		if qt := b.model.Tables[st.On()]; qt != nil {
			qt.Statements = append(qt.Statements, st)
		}
	}
	for name, qt := range b.model.Tables {
		b.transitions(qt)
		b.collectHalves(qt)
		b.collectReclaimHalves(qt, setOf(qt.Runnable), setOf(qt.Claimed))
		// A queue is where jobs are taken: a table the package polls but
		// never claims from (a page of users, a report) is not one, unless
		// a dependency claims from it. Nor is a table whose rows do not
		// live as jobs do (see lifeCycle): a row locked by key, a flag
		// flipped.
		//
		// A relay queue (an outbox) is one without a claim: its rows wait
		// on a marker the relay sets by key once it handed them on (see
		// relay.go).
		if slices.Contains(b.batchOnly, name) {
			qt.Local = b.relay(qt) // read in batches with no order: only a relay's (see batchPolls)
		} else {
			qt.Local = hasClaim(qt) && b.lifeCycle(qt) || b.relay(qt)
		}
		if !qt.Local && !qt.Inherited {
			for _, st := range qt.Statements {
				st.Role, st.Polls, st.Step, st.PolledBy = RoleNone, nil, nil, nil
				if orig := b.joinedAs[st]; orig != nil {
					st.Stmt = orig
				}
			}
			delete(b.model.Tables, name)
			continue
		}
		dropListings(qt)
	}
	b.markerlessRelays()
	b.dueQueues()
}

// expiredArms adds to a statement's polls the arms of a UNION that re-take
// jobs whose lease expired beside an arm that polls the waiting ones
// (SELECT id FROM outbox WHERE status = 'pending' UNION ALL SELECT id FROM
// outbox WHERE status = 'processing' AND locked_at < now() - $1): the
// union is one search, as the same conditions joined by OR would be.
func (b *builder) expiredArms(st *Statement, inherited map[string]bool, written map[string]map[string]bool) {
	if len(st.Polls) == 0 {
		return
	}
	st.Stmt.Walk(func(u *sqlcheck.Stmt) {
		arms := u.Arms()
		polled := ""
		for _, a := range arms {
			if slices.Contains(st.Polls, a) {
				polled = a.Table
			}
		}
		if polled == "" {
			return
		}
		for _, a := range arms {
			if a.Table == polled && !slices.Contains(st.Polls, a) && expires(a.Where) && b.isPoll(a, st.Stmt, inherited, written) {
				st.Polls = append(st.Polls, a)
			}
		}
	})
}

// takenByKey makes a queue table of a table that no statement polls but
// whose jobs are taken one at a time by key, the ids coming from elsewhere
// (a Redis list, a channel, a LISTEN payload): a compare-and-set UPDATE
// ... SET status = 'running' WHERE id = $1 AND status = 'pending'
// RETURNING ... that moves the row from the state jobs are created in to
// another and hands it to the caller, on a table where another UPDATE by
// key records a job's outcome (a state whose name says it succeeded or
// failed). Without that outcome, or without RETURNING, the same shape is
// any row's life (a user activated by key): no queue.
//
// The WHERE may admit several states (status IN ('pending',
// 'scheduled')): one of them the state jobs are created in, none whose
// name says a job ended, and not the state the UPDATE moves jobs to. A
// table some statement already claims from keeps the states its claims
// say; one that only a listing reads (every job in a state, a page at a
// time) is taken by key all the same.
//
// Instead of RETURNING, the code that runs the compare-and-set may show
// that it holds the job: it records the job's outcome on the same key
// afterwards (see endsTaken), the shape of a worker fed ids by a broker
// (Kafka, a Redis list) that takes, runs and finishes each one. Whether
// it then checks that the take matched a row is claimrace's question.
func (b *builder) takenByKey() {
	for _, st := range b.statements() {
		if st.Kind != sqlcheck.KindUpdate || b.claimedFrom(st.Table) || !b.namesRows(st.Stmt) {
			continue
		}
		if b.takenUnchecked(st) {
			continue
		}
		for _, col := range stateColumnsOf(st.Where) {
			initial := b.initialStates(st.Table, col)
			to, ok := st.Assigns(col)
			if !ok || to.Kind != sqlcheck.ValueConst || initial[to.Str] || outcomeWord(to.Str) {
				continue
			}
			from, created := waitingStates(st.Where, col, to.Str, initial)
			if !created || !b.recordsOutcome(st.Table, col, from, to.Str) {
				continue
			}
			if st.Returning == nil && !b.endsTaken(st, col, from, to.Str) {
				continue
			}
			qt := b.table(st.Table)
			qt.StateColumn, qt.taken, qt.takenFrom = col, to.Str, from
			break
		}
	}
}

// stateColumnsOf returns the columns a WHERE restricts to listed states
// (status = 'pending', status IN (...), status = $4 OR status = $5 once
// bound), in the order they first appear.
func stateColumnsOf(where []sqlcheck.Pred) []string {
	var cols []string
	for _, p := range where {
		if p.Column == "" || slices.Contains(cols, p.Column) {
			continue
		}
		if s, ok := sqlcheck.FilterStates([]sqlcheck.Pred{p}, p.Column); ok && !s.Not && len(s.Cond) == 0 && len(s.In) > 0 {
			cols = append(cols, p.Column)
		}
	}
	return cols
}

// waitingStates returns the states a compare-and-set by key takes jobs
// from when they are states jobs wait in: every one a constant, none the
// state it moves them to, none whose name says a job ended. created says
// whether one of them is a state jobs are created in; from is nil when
// the states are not all waiting ones.
func waitingStates(where []sqlcheck.Pred, col, to string, initial map[string]bool) (from []string, created bool) {
	s, ok := sqlcheck.FilterStates(where, col)
	if !ok || s.Not || len(s.Cond) > 0 {
		return nil, false
	}
	for _, v := range s.In {
		if v == to || v == sqlcheck.StateNull || v == sqlcheck.StateNotNull || outcomeWord(v) {
			return nil, false
		}
		from = append(from, v)
		created = created || initial[v]
	}
	return from, created
}

// takenUnchecked makes a queue of a table whose jobs a function takes by
// key with no re-check of their state (UPDATE jobs SET status = 'running'
// WHERE id = $1, the id handed over by a broker), runs (a call that may
// fail, see runEnds), and then records, on the same key, as succeeded on
// one path and as failed on another: a worker's whole run of one job. The state it takes jobs to is not one
// they are created in, nor one whose name says a job ended. With no
// re-check, whether two workers can take one job is the broker's
// business, which the tool cannot see; the table's other rules (a lease,
// a limit on retries) hold all the same.
func (b *builder) takenUnchecked(st *Statement) bool {
	for _, a := range st.Set {
		if a.Value.Kind != sqlcheck.ValueConst || outcomeWord(a.Value.Str) {
			continue
		}
		if _, filtered := sqlcheck.FilterStates(st.Where, a.Column); filtered {
			continue // a compare-and-set: see takenByKey
		}
		initial := b.initialStates(st.Table, a.Column)
		if initial[a.Value.Str] || !b.runEnds(st, a.Column, a.Value.Str) {
			continue
		}
		qt := b.table(st.Table)
		qt.StateColumn, qt.taken, qt.takenFrom, qt.takenBlind = a.Column, a.Value.Str, sortedSet(initial), st
		return true
	}
	return false
}

// runEnds reports whether, after take moves a job by key to state to, its
// function runs work that may fail and then records the same job (the key
// bound to the same Go value) as succeeded and as failed, by UPDATEs by
// key of col to ended states.
func (b *builder) runEnds(take *Statement, col, to string) bool {
	key := take.KeyArg()
	if key == nil {
		return false
	}
	succeeded, failed := false, false
	for _, st := range b.statements() {
		if st == take || st.Kind != sqlcheck.KindUpdate || st.Table != take.Table || st.Call.Func != take.Call.Func || !b.namesRows(st.Stmt) {
			continue
		}
		v, ok := st.Assigns(col)
		if !ok || v.Kind != sqlcheck.ValueConst || v.Str == to || !take.Before(st) || !effects.SameValue(key, st.KeyArg()) {
			continue
		}
		if !effects.FailableBetween(take.Call.instr, st.Call.instr) {
			continue // nothing runs between: no job was run
		}
		succeeded = succeeded || successWords.MatchString(v.Str)
		failed = failed || failureWords.MatchString(v.Str)
	}
	return succeeded && failed
}

// endsTaken reports whether, after a compare-and-set moves a job by key
// from states from to state to, the code records that job's outcome: an
// UPDATE by key of the same table, bound to the same Go value as the key,
// that moves it to an ended state (one whose name says so) other than
// from and to, later in the same function, or in a function that one
// function of the package calls after the take's.
// Two statements that merely both exist in the package (an order shipped
// by key, an order cancelled by key) say nothing of one job's life.
func (b *builder) endsTaken(take *Statement, col string, from []string, to string) bool {
	if take.Call.Decl == nil {
		return false
	}
	key := take.KeyArg()
	for _, st := range b.statements() {
		if st == take || st.Kind != sqlcheck.KindUpdate || st.Table != take.Table || !b.namesRows(st.Stmt) {
			continue
		}
		v, ok := st.Assigns(col)
		if !ok || v.Kind != sqlcheck.ValueConst || slices.Contains(from, v.Str) || v.Str == to || !outcomeWord(v.Str) {
			continue
		}
		if st.Call.Func == take.Call.Func {
			if take.Before(st) && key != nil && effects.SameValue(key, st.KeyArg()) {
				return true
			}
			continue
		}
		if wholeFunc(take.Call) && wholeFunc(st.Call) && st.Call.Decl != take.Call.Decl &&
			b.callsInTurn(b.funcOf(take.Call.Decl), b.funcOf(st.Call.Decl)) != nil {
			return true
		}
	}
	return false
}

// claimedFrom reports whether a statement of the package already claims
// from a table.
func (b *builder) claimedFrom(table string) bool {
	if b.model.Tables[table] == nil {
		return false
	}
	for _, st := range b.statements() {
		if st.Role == RoleClaim && slices.ContainsFunc(st.Polls, func(p *sqlcheck.Stmt) bool { return p.Table == table }) {
			return true
		}
	}
	return false
}

// outcomeWord reports whether a state's name says that a job ended.
func outcomeWord(state string) bool {
	return successWords.MatchString(state) || failureWords.MatchString(state)
}

// recordsOutcome reports whether an UPDATE by key of the package moves a
// table's rows to an ended state other than those of from and to.
func (b *builder) recordsOutcome(table, col string, from []string, to string) bool {
	for _, st := range b.statements() {
		if st.Kind != sqlcheck.KindUpdate || st.Table != table || !b.namesRows(st.Stmt) {
			continue
		}
		if v, ok := st.Assigns(col); ok && v.Kind == sqlcheck.ValueConst && !slices.Contains(from, v.Str) && v.Str != to && outcomeWord(v.Str) {
			return true
		}
	}
	return false
}

// lifeCycle reports whether a table's rows live as jobs do: created in a
// runnable state (by an INSERT or the state column's DEFAULT), claimed out
// of it, and moved to an outcome (a state no claim or poll leaves it in,
// or deleted). A claim that moves rows out of the state its poll names
// into another (status 'queued' to 'running', sent false to true), or
// that takes rows its poll found with SKIP LOCKED, is a queue's own shape: the enqueue and
// the outcome may then be in other packages. A row locked by key, or a
// flag flipped (is_active = false), is a queue only with the whole cycle.
func (b *builder) lifeCycle(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		if st.Role == RoleClaim && queueClaim(qt, st) {
			return true
		}
	}
	return b.createdRunnable(qt) && hasOutcome(qt)
}

// queueClaim reports whether a claim has a queue's own shape: its poll
// skips locked rows, or it moves jobs from the state its poll names to
// another state that is not a flag's.
func queueClaim(qt *QueueTable, st *Statement) bool {
	polls, take := st.Polls, st
	switch {
	case st.PolledBy != nil:
		polls = st.PolledBy.Polls
	case st.Step != nil:
		take = st.Step
	}
	skips, inState, waits := false, false, false
	for _, p := range polls {
		if p.Table != qt.Name {
			continue
		}
		inState = inState || qt.StateColumn != "" && filtersOn(p, qt.StateColumn) // status = 'queued', status = $1
		skips = skips || p.Lock != nil && p.Lock.SkipLocked
		waits = waits || p.Lock != nil && !p.Lock.SkipLocked
	}
	if qt.flag() && st.Kind == sqlcheck.KindUpdate && st.Returning == nil && st.PolledBy == nil && len(polls) > 0 {
		// UPDATE ... SET is_active = false FROM (SELECT ... FOR UPDATE
		// SKIP LOCKED) with nothing returned hands no job to a worker: it
		// switches rows off, and a flag then has no state left for an
		// outcome.
		return false
	}
	if skips && (inState || qt.StateColumn == "" || st.Kind == sqlcheck.KindDelete && st.Returning != nil) {
		return true // SELECT ... WHERE status = 'queued' ... FOR UPDATE SKIP LOCKED, in the transaction that runs the job
	}
	if take.Kind == sqlcheck.KindUpdate {
		_, filtered := sqlcheck.FilterStates(take.Where, qt.StateColumn)
		inState = inState || filtered // WHERE id = $1 AND status = 'queued': a compare-and-set
	}
	v, ok := qt.claimedState(take)
	if take.Kind == sqlcheck.KindSelect && take.NestedClaim() == nil {
		ok = false // a SELECT ... FOR UPDATE moves nothing
	}
	// A flag flipped by key with no poll (SET is_active = false WHERE id
	// = $1 AND is_active) deactivates a row, and one flipped after a
	// SELECT that waits for the row's lock (FOR UPDATE, no SKIP LOCKED)
	// serialises writers of that row; after a poll for the rows still
	// false (sent = false ... LIMIT 1), it takes one.
	return ok && inState && !slices.Contains(qt.Runnable, v) && (len(polls) > 0 && !waits || !qt.flag())
}

// createdRunnable reports whether the package creates the table's rows in
// a runnable state: an INSERT gives the state column a runnable constant
// (or a value it passes in), or leaves it to a runnable DEFAULT.
func (b *builder) createdRunnable(qt *QueueTable) bool {
	col := qt.StateColumn
	for _, st := range qt.Statements {
		if st.Kind != sqlcheck.KindInsert {
			continue
		}
		if col == "" {
			return true
		}
		if v, ok := st.Assigns(col); ok && v.Kind == sqlcheck.ValueParam && !qt.flag() {
			return true // VALUES ($1, $2): the caller says in which state
		}
	}
	if col == "" {
		return !slices.ContainsFunc(qt.Statements, func(st *Statement) bool { return st.Kind == sqlcheck.KindInsert })
	}
	initial := b.initialStates(qt.Name, col)
	if len(initial) == 0 {
		return true // created out of sight: no INSERT here, no DEFAULT known
	}
	for v := range initial {
		if slices.Contains(qt.Runnable, v) {
			return true
		}
	}
	return false
}

// hasOutcome reports whether a statement moves jobs of the table to an
// outcome: a completion or failure, a DELETE (jobs removed when done or
// expired), or an UPDATE by key to a state that is neither runnable nor
// claimed. A flag (true/false) has no such state: its outcome is a DELETE.
func hasOutcome(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		switch {
		case st.Kind == sqlcheck.KindDelete && (!qt.flag() || byKey(st.Stmt)):
			return true // a flag's outcome is the job's row deleted by key
		case qt.flag():
		case st.Role == RoleComplete || st.Role == RoleFail:
			return true
		case st.Role == RoleNone && st.Kind == sqlcheck.KindUpdate && byKey(st.Stmt):
			if v, ok := st.Assigns(qt.StateColumn); ok && qt.StateColumn != "" && v.Kind == sqlcheck.ValueParam {
				return true // SET status = $2: the caller names the outcome
			}
		}
	}
	return false
}

// flag reports whether the table's state column holds a boolean.
func (qt *QueueTable) flag() bool {
	if qt.StateColumn == "" {
		return false
	}
	states := append(slices.Clone(qt.Runnable), qt.Claimed...)
	for _, v := range states {
		if v != "true" && v != "false" {
			return false
		}
	}
	return len(states) > 0
}

// dropListings takes the poll role from SELECTs that read a queue table
// by some other column than its state and take nothing (WHERE tenant_id
// = $1 ORDER BY id LIMIT 50): a listing, not the search for the next job.
// Nor is an unlocked page that skips the rows before it (WHERE status = $1
// ORDER BY updated_at LIMIT $2 OFFSET $3): a worker looks for the first
// runnable job, an admin page or an API for the n-th page.
func dropListings(qt *QueueTable) {
	col := qt.StateColumn
	if col == "" {
		return
	}
	for _, st := range qt.Statements {
		if st.Role != RolePoll {
			continue
		}
		st.Polls = slices.DeleteFunc(st.Polls, func(p *sqlcheck.Stmt) bool { return listing(qt, p) })
		if len(st.Polls) == 0 {
			st.Role = RoleNone
		}
	}
}

// filtersOn reports whether a statement's WHERE reads a column, in an OR
// branch too.
func filtersOn(s *sqlcheck.Stmt, col string) bool {
	var in func([]sqlcheck.Pred) bool
	in = func(ps []sqlcheck.Pred) bool {
		for _, p := range ps {
			if p.Column == col {
				return true
			}
			for _, br := range p.Branches {
				if in(br) {
					return true
				}
			}
		}
		return false
	}
	return in(s.Where)
}

func hasClaim(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		if st.Role == RoleClaim {
			return true
		}
	}
	return false
}

// transitions gives roles to the statements on a queue table that move jobs
// between states, from what they do: the claim step that follows a poll,
// retries and reclaims (back to a runnable state), completions and failures
// (to a state jobs are neither created nor polled in).
//
// The runnable states are those the polls admit and jobs are created in.
// A state a poll admits only under a further condition (status = 'running'
// AND locked_until < now(), in an OR) or only by excluding others (status
// <> 'done', over the states the module knows) is runnable unless a claim
// moves jobs to it: such a branch takes back jobs whose lease expired.
func (b *builder) transitions(qt *QueueTable) {
	col := qt.StateColumn
	qt.names = b.stateNames[columnKey{qt.Name, col}]
	firm, soft, initial := map[string]bool{}, map[string]bool{}, map[string]bool{}
	if qt.taken != "" {
		// Jobs taken by key come from elsewhere: a SELECT of the table
		// that claims nothing lists jobs (a page of them in one state),
		// and says nothing of which states are runnable. One that picks
		// the jobs due by now (run_at <= now()) is the scheduler's poll
		// that feeds the take: a page of a listing is not chosen by the
		// clock.
		for _, st := range qt.Statements {
			if st.Role != RolePoll {
				continue
			}
			st.Polls = slices.DeleteFunc(st.Polls, func(p *sqlcheck.Stmt) bool {
				return p.Table == qt.Name && p.Lock == nil && len(expiredColumns(p.Where)) == 0
			})
			if len(st.Polls) == 0 {
				st.Role = RoleNone
			}
		}
		addAll(firm, qt.takenFrom)
	}
	if col != "" {
		universe := b.stateUniverse(qt, col)
		for _, st := range qt.Statements {
			if trims(st) {
				continue
			}
			for _, poll := range st.Polls {
				states, ok := sqlcheck.FilterStates(poll.Where, col)
				if !ok {
					continue
				}
				if states.Not {
					addAll(soft, states.Values(universe))
				} else {
					addAll(firm, states.In)
				}
				addAll(soft, states.Cond)
			}
		}
		for v := range b.initialStates(qt.Name, col) {
			firm[v] = true
			initial[v] = true
		}
		if pollsUnboundStates(qt, col) {
			addAll(firm, b.casWaitingStates(qt, col, initial))
		}
	}
	qt.nullState = firm[sqlcheck.StateNull]
	for _, st := range qt.Statements {
		if st.Role == RoleNone && st.Kind == sqlcheck.KindInsert {
			st.Role = RoleEnqueue
		}
		if v, ok := st.Assigns(col); ok && col != "" && st.Kind == sqlcheck.KindUpdate && v.Kind == sqlcheck.ValueParam && byKey(st.Stmt) {
			st.savesState = b.fromField(st.Call, v.Param)
		}
	}
	// The claims built around a poll say which states are in progress. A
	// state such a claim writes is never runnable, even when its poll lists
	// it (status IN ('queued', 'running') AND the lease expired): the poll
	// re-takes expired claims, and a statement fenced by that state records
	// an outcome. Jobs are never created in it.
	claimed := map[string]bool{}
	if qt.taken != "" {
		claimed[qt.taken] = true
	}
	reapers(qt, initial)
	for _, st := range qt.Statements {
		if st.Role == RoleClaim {
			// A claim that moves jobs to a state whose name says they
			// succeeded takes and finishes them at once (at most once):
			// that state is an outcome, not work in progress.
			if v, ok := qt.claimedState(st); ok && !initial[v] && !qt.successLike(v) {
				claimed[v] = true
				delete(firm, v)
			}
		}
	}
	dropScans(qt, claimed)
	runnable := runnableStates(firm, soft, claimed)
	// The claim step: an UPDATE by key, in the function that polled, that
	// moves the job out of its runnable state.
	// A SELECT whose WITH query moves the rows it found (WITH c AS
	// (SELECT ...), u AS (UPDATE ... FROM c ...) SELECT ... FROM u) took
	// them already: what the function does next is the job's outcome.
	for _, poll := range qt.Statements {
		if poll.Kind != sqlcheck.KindSelect || len(poll.Polls) == 0 || poll.NestedClaim() != nil {
			continue
		}
		if step := claimStep(poll, qt, firm); step != nil && !b.workBeforeStep(poll, step) && !b.stepEndsForGood(qt, poll, step) {
			step.Role = RoleClaim
			poll.Step, step.PolledBy = step, poll
			v, _ := qt.AssignedState(step)
			claimed[v] = true
		} else if step := b.dueLeaseStep(poll, qt); step != nil {
			step.Role = RoleClaim // a lease by due time (see duepush.go): no state is claimed
			poll.Step, step.PolledBy = step, poll
		}
	}
	b.crossFunctionSteps(qt, firm, claimed)
	dropScans(qt, claimed)
	runnable = runnableStates(firm, soft, claimed)
	// A compare-and-set claim: an UPDATE by key that takes the job only if
	// it is still runnable (WHERE id = $1 AND status = 'queued'). Beside
	// claims that already name the in-progress state, one that moves the
	// job elsewhere is an operator's action (archive, cancel): an outcome.
	//
	// What makes a statement that moves rows out of a runnable state a
	// claim is that it takes rows to run them: it bounds how many (LIMIT,
	// in a subquery: the polls above), locks them (FOR UPDATE), hands them
	// to the caller (RETURNING, the poll-built claims above), or names the
	// one job a poll gave the caller, by the table's key. An UPDATE that
	// moves every runnable row matching an attribute (WHERE source_id = $1
	// AND status = 'pending', SET status = 'paused') takes none of them to
	// run: it is an operator's bulk action, and has no role (see
	// namesRows).
	//
	// The state a compare-and-set moves jobs to is not runnable, or is
	// one that its own WHERE takes back only once a deadline has passed
	// (status IN ('pending') OR (status = 'processing' AND updated_at <
	// now() - interval '2 minutes')): a poll that admits that state under
	// the same condition re-takes expired claims, it does not create
	// work in it.
	if qt.takenBlind != nil && qt.takenBlind.Role == RoleNone {
		qt.takenBlind.Role = RoleClaim // takenUnchecked: no WHERE on the state to read it by
	}
	pollClaimed := maps.Clone(claimed)
	markerClaimed := b.claimsByMarker(qt)
	searched := qt.taken != "" || searchedForWork(qt)
	for _, st := range qt.Statements {
		v, ok := qt.AssignedState(st)
		if len(pollClaimed) > 0 && !pollClaimed[v] {
			if from := b.secondStage(qt, st, runnable, pollClaimed); from != nil {
				st.Role = RoleClaim
				claimed[v] = true
				qt.HandedOn = append(qt.HandedOn, from...)
			}
			continue
		}
		moves := ok && (!runnable[v] || !firm[v] && retakesExpired(st.Where, col, v))
		if moves && len(pollClaimed) == 0 && qt.successLike(v) {
			// SET status = 'sent' WHERE id = $1 AND status = 'unsent':
			// a relay's mark once the message is out, or a pop that ends
			// the job as it takes it; either way no work is in progress.
			continue
		}
		if moves && qt.endLike(v) {
			// SET status = 'cancelled', terminal_at = now() WHERE id = $1
			// AND status = 'running': an end the state's name says, not
			// work taken.
			continue
		}
		if st.Role == RoleNone && st.Kind == sqlcheck.KindUpdate && moves && searched && !markerClaimed && b.namesRows(st.Stmt) && filtersRunnable(st.Stmt, col, runnable) && !b.marksAfterWork(qt, st) {
			if (v == sqlcheck.StateNotNull || isFlag(v, runnable)) && !pollsIn(qt, st.Call.Func) {
				// SET deleted_at = now() WHERE id = $1 AND deleted_at IS NULL
				// is a soft delete as often as a claim, and SET active =
				// false WHERE id = $1 AND active flips a flag that has no
				// state left for a finished job: only a function that also
				// polls claims this way.
				continue
			}
			if endedName(qt, v) && b.endsForGood(qt, st, v) {
				continue // SET status = 'deprecated' WHERE id = ANY($1) AND status = 'active': nothing leaves that state
			}
			st.Role = RoleClaim
			claimed[v] = true
		}
	}
	runnable = runnableStates(firm, soft, claimed)
	for _, st := range qt.Statements {
		if st.Moves = qt.moves(st); len(st.Moves) > 0 && armRoles(qt, st, runnable, claimed) == RoleReclaim && st.Role == RoleNone {
			st.Role = RoleReclaim // SET status = CASE ... WHEN status = 'running' THEN 'queued' ... WHERE ... locked_until < now()
		}
		if st.Role != RoleNone {
			continue
		}
		switch st.Kind {
		case sqlcheck.KindDelete:
			if b.namesRows(st.Stmt) {
				st.Role = RoleComplete // jobs deleted when done
			}
		case sqlcheck.KindUpdate:
			if cases := assignedCases(st, col); b.namesRows(st.Stmt) && anyIn(cases, runnable) {
				// SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'queued' END:
				// a retry that decides in SQL when to give up.
				st.Role = RoleRetry
				if slices.ContainsFunc(cases, qt.successLike) {
					// CASE WHEN recurring THEN 'queued' ELSE 'succeeded' END
					// records a success, and puts a recurring job back for
					// its next run: no failure is retried.
					st.Role = RoleComplete
				}
				continue
			}
			v, ok := qt.AssignedState(st)
			back := runnable[v] && !leavesPolls(qt, st) && !skippedByPolls(qt, col, v)
			switch {
			case !ok && len(claimed) == 0 && (b.bumpsFailed(qt, st) || b.countsOnly(qt, st, runnable) || b.retriesByDue(qt, st, runnable)):
				st.Role = RoleRetry
			case !ok && len(claimed) > 0 && b.namesRows(st.Stmt) && setsNullMarker(qt, st):
				// SET synced_at = now() WHERE id = $1, every poll taking
				// only rows whose synced_at IS NULL: the state column
				// (locked_at) stays as the claim left it, another column
				// ends the job.
				st.Role = RoleComplete
				if failureMarker(qt, st) {
					st.Role = RoleFail
				}
			case !ok:
			case back && expiresLease(st.Stmt) && takesClaimed(st.Stmt, col, claimed):
				st.Role = RoleReclaim
			case back && onlyRunnable(st.Stmt, col, runnable):
				// SET status = 'queued', run_at = $2 WHERE id = $1 AND
				// status = 'queued' reschedules a job that has not run:
				// a retry takes back a job that left the runnable states.
			case back && b.namesRows(st.Stmt) && nextRun(qt, st, isFlag(v, runnable)):
				st.Role = RoleComplete
			case back && b.namesRows(st.Stmt):
				st.Role = RoleRetry
			case !back && !claimed[v] && b.namesRows(st.Stmt):
				st.Role = RoleComplete
				if failureLike(qt, st, v) {
					st.Role = RoleFail
				}
			}
		}
	}
	b.pairScans(qt, runnable, claimed)
	qt.Runnable, qt.Claimed = sortedSet(runnable), sortedSet(claimed)
}

// searchedForWork reports whether some statement of the package looks
// for a table's runnable rows as a worker does: a poll that is no
// listing (see dropListings: it locks the rows it finds, or reads them
// by their state and from the first one on, not a page at an OFFSET).
// Without one, a compare-and-set by key out of the created state (SET
// status = $3 WHERE tenant_id = $1 AND id = $2 AND status = 'pending',
// an invitation accepted or revoked by a request, its row count checked)
// changes a row its caller already holds by key: no claim, unless the ids
// are known to come from a feed of jobs (takenByKey).
func searchedForWork(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		for _, p := range st.Polls {
			if p.Table == qt.Name && !listing(qt, p) {
				return true
			}
		}
	}
	return false
}

// listing reports whether a poll of a queue table is a listing that
// dropListings takes the poll role from.
func listing(qt *QueueTable, p *sqlcheck.Stmt) bool {
	return qt.StateColumn != "" && p.Table == qt.Name && p.Lock == nil && (!filtersOn(p, qt.StateColumn) || p.Offset != nil)
}

// claimsByMarker reports whether a claim of the table takes jobs without
// moving them out of their state: it marks them (SET claimed_by = $1,
// claimed_at = now() over rows a poll found with FOR UPDATE SKIP LOCKED)
// and they stay, say, 'pending' while they run. On such a table a
// compare-and-set out of a runnable state (SET status = 'fired' WHERE id
// = $1 AND status = 'pending') records what became of a job: the claim
// already took it.
func (b *builder) claimsByMarker(qt *QueueTable) bool {
	for _, st := range qt.Statements {
		if _, moves := qt.AssignedState(st); st.Role == RoleClaim && st.Kind == sqlcheck.KindUpdate && !moves {
			return true
		}
	}
	return false
}

// workingWords name states of jobs being worked on.
var workingWords = regexp.MustCompile(`(?i)process|running|progress|working|execut|sending|handling|ingesting|^in_?flight`)

// secondStage returns the claimed states a compare-and-set takes jobs
// from when it is a second claim: a dispatcher claims rows into one
// state (SET status = 'queued' ... FOR UPDATE SKIP LOCKED) and hands them
// on (a broker, a channel); the consumer then takes each row by key into
// a state of work (SET status = 'processing' WHERE id = $1 AND status IN
// ('pending', 'queued')), and only it records the outcome. It returns nil
// for any other statement: one that moves jobs from a claimed state to an
// outcome, or to a state whose name does not say work (paused, held: an
// operator's action).
func (b *builder) secondStage(qt *QueueTable, st *Statement, runnable, claimed map[string]bool) []string {
	v, ok := qt.AssignedState(st)
	if !ok || st.Role != RoleNone || st.Kind != sqlcheck.KindUpdate || runnable[v] || qt.successLike(v) || failureLike(qt, st, v) ||
		!workingWords.MatchString(v) && !workingWords.MatchString(qt.StateName(v)) || !b.namesRows(st.Stmt) {
		return nil
	}
	states, ok := sqlcheck.FilterStates(st.Where, qt.StateColumn)
	if !ok {
		return nil
	}
	var from []string
	for _, c := range sortedSet(claimed) {
		if slices.Contains(states.In, c) != states.Not || slices.Contains(states.Cond, c) {
			from = append(from, c)
		}
	}
	return from
}

// pollsUnboundStates reports whether a poll of the table names the states
// it takes by a parameter the tool could not bind (status IN ($1, $2) over
// a list its caller gives): the poll then says nothing of which states are
// runnable.
func pollsUnboundStates(qt *QueueTable, col string) bool {
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			if poll.Table != qt.Name {
				continue
			}
			for _, p := range poll.Where {
				if p.Column == col && (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && anyParam(p.Values) {
					return true
				}
			}
		}
	}
	return false
}

func anyParam(vs []sqlcheck.Value) bool {
	return slices.ContainsFunc(vs, func(v sqlcheck.Value) bool { return v.Kind == sqlcheck.ValueParam })
}

// casWaitingStates returns, for a table whose poll names its states by a
// parameter the tool cannot bind, the states its compare-and-set takes
// jobs from (UPDATE ... SET status = 'running' WHERE id = $1 AND status
// IN ('queued', 'retrying')): the states jobs wait in, one of them the
// state they are created in and none whose name says a job ended (see
// waitingStates). Those are the runnable states the poll's caller names.
func (b *builder) casWaitingStates(qt *QueueTable, col string, initial map[string]bool) []string {
	var out []string
	for _, st := range qt.Statements {
		if st.Kind != sqlcheck.KindUpdate || !b.namesRows(st.Stmt) {
			continue
		}
		to, ok := st.Assigns(col)
		if !ok || to.Kind != sqlcheck.ValueConst || initial[to.Str] || outcomeWord(to.Str) {
			continue
		}
		if from, created := waitingStates(st.Where, col, to.Str, initial); created {
			out = append(out, from...)
		}
	}
	return out
}

// bumpsFailed reports whether an UPDATE by key records a failed attempt
// and nothing else: it spends an attempt and records an error (SET retries
// = retries + 1, last_error = $2 WHERE id = $1) without touching the state
// column. On a queue whose claim leaves the job in its runnable state (a
// row lock held while it runs), the job stays runnable: the poll takes it
// again, and this is its retry.
func (b *builder) bumpsFailed(qt *QueueTable, st *Statement) bool {
	if qt.StateColumn == "" || !b.namesRows(st.Stmt) || !attempts.Spends(st.Stmt) {
		return false
	}
	if _, sets := st.Assigns(qt.StateColumn); sets {
		return false
	}
	for _, a := range st.Set {
		if a.Value.Kind == sqlcheck.ValueParam && failureWords.MatchString(a.Column) {
			return true
		}
	}
	return false
}

// countsOnly reports whether an UPDATE by key only spends an attempt
// (SET retry_count = retry_count + 1 WHERE id = $1) on a queue that the
// package polls (its state column comes from the poll) and never claims (a relay that reads unlocked rows and marks
// them once handed on): nothing takes the row out of the state the poll
// reads, so counting the attempt is all the retry there is. Where a claim
// takes rows (a lock, an in-progress state), counting alone is how the
// claim counts its attempt (see bumpsFailed). A statement that names a
// state the poll does not take (AND status = 'failed') counts something
// else.
func (b *builder) countsOnly(qt *QueueTable, st *Statement, runnable map[string]bool) bool {
	if qt.StateColumn == "" || !b.namesRows(st.Stmt) || !attempts.Spends(st.Stmt) || claimsRows(qt) {
		return false
	}
	if _, sets := st.Assigns(qt.StateColumn); sets {
		return false
	}
	if _, filters := sqlcheck.FilterStates(st.Where, qt.StateColumn); filters {
		return onlyRunnable(st.Stmt, qt.StateColumn, runnable)
	}
	return true
}

// claimsRows reports whether a statement of the package claims rows of the
// table.
func claimsRows(qt *QueueTable) bool {
	return slices.ContainsFunc(qt.Statements, func(st *Statement) bool { return st.Role == RoleClaim })
}

// isFlag reports whether a state column is a boolean: the state assigned
// and the runnable ones are true or false.
func isFlag(v string, runnable map[string]bool) bool {
	bool := func(s string) bool { return s == "true" || s == "false" }
	for r := range runnable {
		if !bool(r) {
			return false
		}
	}
	return bool(v)
}

// pollsIn reports whether function fn runs a poll of the table.
func pollsIn(qt *QueueTable, fn ast.Node) bool {
	for _, st := range qt.Statements {
		if len(st.Polls) > 0 && fn != nil && st.Call.Func == fn {
			return true
		}
	}
	return false
}

// runnableStates is firm, and soft less the states claims move jobs to.
func runnableStates(firm, soft, claimed map[string]bool) map[string]bool {
	out := map[string]bool{}
	for v := range firm {
		out[v] = true
	}
	for v := range soft {
		if !claimed[v] && v != sqlcheck.StateNotNull {
			out[v] = true
		}
	}
	return out
}

func setOf(vals []string) map[string]bool {
	set := map[string]bool{}
	addAll(set, vals)
	return set
}

func addAll(set map[string]bool, vals []string) {
	for _, v := range vals {
		set[v] = true
	}
}

// stateUniverse returns the states the module knows a state column to take:
// those its CHECK constraint or enum type lists, the constants statements
// write to it or filter it by, and its DEFAULT.
func (b *builder) stateUniverse(qt *QueueTable, col string) []string {
	set := map[string]bool{}
	addAll(set, b.model.Schema().ColumnStates(qt.Name, col))
	if t := b.model.Schema().Table(qt.Name); t != nil {
		if c := t.Column(col); c != nil && c.Default != nil && c.Default.Kind == sqlcheck.ValueConst {
			set[c.Default.Str] = true
		}
	}
	for _, st := range b.statements() {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if s.Table != qt.Name {
				return
			}
			if v, ok := s.Assigns(col); ok {
				if v.Kind == sqlcheck.ValueConst {
					set[v.Str] = true
				}
				addAll(set, v.Cases)
			}
			if states, ok := sqlcheck.FilterStates(s.Where, col); ok {
				if !states.Not {
					addAll(set, states.In)
				}
				addAll(set, states.Cond)
			}
		})
	}
	delete(set, sqlcheck.StateNull)
	delete(set, sqlcheck.StateNotNull)
	return sortedSet(set)
}

// AssignedState returns the state a statement moves jobs to: the constant
// it sets the state column to; sqlcheck.StateNull or StateNotNull when the
// queue keeps its state in whether the column is set (SET locked_at =
// now() claims).
func (qt *QueueTable) AssignedState(st *Statement) (string, bool) {
	if qt.StateColumn == "" {
		return "", false
	}
	v, ok := st.Assigns(qt.StateColumn)
	if !ok {
		return "", false
	}
	return valueState(v, qt.nullState)
}

// valueState returns the state a value written to a column stands for;
// with nullState, the time or parameter a claim writes is "not null".
func valueState(v sqlcheck.Value, nullState bool) (string, bool) {
	switch {
	case v.Kind == sqlcheck.ValueConst:
		return v.Str, true
	case v.Kind == sqlcheck.ValueNull:
		return sqlcheck.StateNull, true
	case nullState && (v.Kind == sqlcheck.ValueNow || v.Kind == sqlcheck.ValueParam):
		return sqlcheck.StateNotNull, true
	}
	return "", false
}

// leavesPolls reports whether a statement sets a column that every poll of
// the table filters on to a value the poll does not select: SET done_at =
// now(), locked_at = NULL finishes a job even though locked_at IS NULL is
// the runnable state.
func leavesPolls(qt *QueueTable, st *Statement) bool {
	polls := 0
	for _, p := range qt.Statements {
		for _, poll := range p.Polls {
			polls++
			if !leavesPoll(qt, poll, st) {
				return false
			}
		}
	}
	return polls > 0
}

// Retaken reports whether a job put in state v is taken again by a poll:
// v is runnable, and not a state jobs are only created in that every poll
// skips (see skippedByPolls). A write of any other state that no claim
// writes ends the job; reading v back from the row and going on only when
// it is such a state picks a job that ended.
func (qt *QueueTable) Retaken(v string) bool {
	return slices.Contains(qt.Runnable, v) && !skippedByPolls(qt, qt.StateColumn, v)
}

// skippedByPolls reports whether every poll of the table reads the state
// column and admits none of the rows in state v, firmly or under a
// condition: v is runnable only because jobs are created in it (an
// enqueue that records a message it will not send as 'failed' at once),
// and a write of v by key ends the job, as the polls never take it
// (SET status = 'failed', terminal_at = now() WHERE id = $1, every poll
// taking status = 'queued' or an expired 'sending'). A table whose polls
// bind the state from Go (status = $1), whose jobs are taken by key from a
// feed, or that a dependency polls, has polls out of sight: nothing is
// said.
func skippedByPolls(qt *QueueTable, col, v string) bool {
	if col == "" || v == sqlcheck.StateNull || v == sqlcheck.StateNotNull || qt.taken != "" || qt.Inherited || pollsUnboundStates(qt, col) {
		return false
	}
	polls := 0
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			if poll.Table != qt.Name {
				continue
			}
			states, ok := sqlcheck.FilterStates(poll.Where, col)
			if !ok || states.Admits(v) {
				return false
			}
			polls++
		}
	}
	return polls > 0
}

// setsNullMarker reports whether a statement takes the job out of every
// poll of the table by giving a value to a column, other than the state
// column, that the poll requires NULL (synced_at IS NULL, SET synced_at =
// now()). A flag the polls require false (NOT revoked, SET revoked =
// true) is not such a marker: it is flipped on rows of any life, a token
// revoked as much as a job ended.
func setsNullMarker(qt *QueueTable, st *Statement) bool {
	polls := 0
	for _, p := range qt.Statements {
		for _, poll := range p.Polls {
			polls++
			if !slices.ContainsFunc(st.Set, func(a sqlcheck.Assign) bool {
				if a.Column == qt.StateColumn || a.Value.Kind == sqlcheck.ValueNull {
					return false
				}
				states, ok := sqlcheck.FilterStates(poll.Where, a.Column)
				return ok && !states.Not && len(states.Cond) == 0 && slices.Equal(states.In, []string{sqlcheck.StateNull})
			}) {
				return false
			}
		}
	}
	return polls > 0
}

// failureMarker reports whether a statement that ends jobs by a column
// other than the state column sets a column that names a failure and that
// the polls filter on (SET failed_at = now()).
func failureMarker(qt *QueueTable, st *Statement) bool {
	for _, a := range st.Set {
		if a.Column == qt.StateColumn || !failureWords.MatchString(a.Column) || a.Value.Kind == sqlcheck.ValueNull {
			continue // failed_at = NULL clears a past failure
		}
		for _, p := range qt.Statements {
			for _, poll := range p.Polls {
				if _, ok := sqlcheck.FilterStates(poll.Where, a.Column); ok {
					return true
				}
			}
		}
	}
	return false
}

func leavesPoll(qt *QueueTable, poll *sqlcheck.Stmt, st *Statement) bool {
	for _, a := range st.Set {
		if a.Column == qt.StateColumn {
			continue
		}
		states, ok := sqlcheck.FilterStates(poll.Where, a.Column)
		if !ok {
			continue
		}
		v, ok := valueState(a.Value, true)
		if ok && !states.Admits(v) {
			return true
		}
	}
	return false
}

// assignedCases returns the constants a CASE assigned to the state column
// can give.
func assignedCases(st *Statement, col string) []string {
	if col == "" {
		return nil
	}
	v, ok := st.Assigns(col)
	if !ok {
		return nil
	}
	return v.Cases
}

func anyIn(list []string, set map[string]bool) bool {
	for _, s := range list {
		if set[s] {
			return true
		}
	}
	return false
}

// filtersRunnable reports whether a statement only matches rows in a
// runnable state.
func filtersRunnable(s *sqlcheck.Stmt, col string, runnable map[string]bool) bool {
	states, ok := sqlcheck.FilterStates(s.Where, col)
	if !ok || states.Not {
		return false
	}
	for _, v := range states.In {
		if !runnable[v] {
			return false
		}
	}
	// A branch that re-takes an expired lease (status = 'running' AND
	// locked_until < now()) still re-checks.
	return anyIn(states.In, runnable) || anyIn(states.Cond, runnable)
}

// namesRows reports whether a statement targets the rows it names by key,
// as a worker's claim, retry or outcome does for the job it holds: byKey,
// and, where the schema gives the table a unique key (its primary key, a
// unique constraint or a unique index without predicate), every column
// of one such key bound to a parameter.
// WHERE source_type = $1 AND source_id = $2 on a table keyed by id picks
// every row of one source, as an operator's bulk action does. With no
// unique key known, byKey alone decides.
func (b *builder) namesRows(s *sqlcheck.Stmt) bool {
	if !byKey(s) {
		return false
	}
	t := b.model.Schema().Table(s.Table)
	if t == nil {
		return true
	}
	known := false
	for _, idx := range t.Indexes {
		if !(idx.Primary || idx.Unique) || idx.Where != nil || len(idx.Keys) == 0 {
			continue
		}
		known = true
		if bindsKey(keyPreds(s), idx.Keys) {
			return true
		}
	}
	return !known
}

// bindsKey reports whether a WHERE binds every column of an index key to
// a parameter by equality (a one-column key to a list too: id = ANY($1)).
func bindsKey(where []sqlcheck.Pred, keys []sqlcheck.IndexKey) bool {
	for _, k := range keys {
		if k.Column == "" {
			return false // an expression key
		}
		bound := slices.ContainsFunc(where, func(p sqlcheck.Pred) bool {
			return p.Column == k.Column && (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn && len(keys) == 1) &&
				len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam
		})
		if !bound {
			return false
		}
	}
	return true
}

// retakesExpired reports whether a WHERE admits state v of column col in
// an OR branch of its own that also compares a column as earlier than now():
// status = 'processing' AND updated_at < now() - interval '2 minutes'.
func retakesExpired(where []sqlcheck.Pred, col, v string) bool {
	for _, p := range where {
		for _, br := range p.Branches {
			states, ok := sqlcheck.FilterStates(br, col)
			if ok && !states.Not && len(states.In) == 1 && states.In[0] == v && expires(br) {
				return true
			}
		}
	}
	return false
}

// onlyRunnable reports whether a statement matches only rows in a
// runnable state: every state its WHERE admits, under a condition or not,
// is runnable.
func onlyRunnable(s *sqlcheck.Stmt, col string, runnable map[string]bool) bool {
	states, ok := sqlcheck.FilterStates(s.Where, col)
	if !ok || states.Not || len(states.In)+len(states.Cond) == 0 {
		return false
	}
	for _, v := range append(slices.Clone(states.In), states.Cond...) {
		if !runnable[v] {
			return false
		}
	}
	return true
}

// byKey reports whether a statement targets rows it names: an equality
// (or IN) with a parameter, as in WHERE id = $1, in its WHERE or in the
// WITH query it joins by that column (see keyPreds).
func byKey(s *sqlcheck.Stmt) bool {
	for _, p := range keyPreds(s) {
		if (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam {
			return true
		}
	}
	return false
}

// keyPreds returns the conjuncts that name a statement's rows: its WHERE,
// and the conditions of the WITH query it joins on a column that query's
// WHERE binds to a parameter: WITH locked AS (SELECT id FROM jobs WHERE
// id = $1 FOR UPDATE) UPDATE jobs SET ... FROM locked WHERE jobs.id =
// locked.id names the row locked names, as sqlc's generated outcome
// writes do. A join on another column than the one bound (a poll's
// queue = $1, joined by id) names no rows.
func keyPreds(s *sqlcheck.Stmt) []sqlcheck.Pred {
	if s.FromCTE == "" || s.Kind == sqlcheck.KindSelect {
		return s.Where
	}
	var cte *sqlcheck.Stmt
	for _, c := range s.CTEs {
		if c.Name == s.FromCTE && c.Stmt != nil && c.Stmt.Kind == sqlcheck.KindSelect && c.Stmt.Table == s.Table {
			cte = c.Stmt
		}
	}
	if cte == nil {
		return s.Where
	}
	out := slices.Clone(s.Where)
	for _, p := range s.Where {
		if p.Op != sqlcheck.OpEq || p.Column == "" || len(p.Values) != 1 || p.Values[0].Kind != sqlcheck.ValueColumn || p.Values[0].Str != p.Column {
			continue
		}
		for _, q := range cte.Where {
			if q.Column == p.Column && (q.Op == sqlcheck.OpEq || q.Op == sqlcheck.OpIn) && len(q.Values) > 0 && q.Values[0].Kind == sqlcheck.ValueParam {
				out = append(out, q)
			}
		}
	}
	return out
}

// expiresLease reports whether a statement selects rows whose deadline is
// past: a column compared as earlier than now().
// takesClaimed reports whether an UPDATE may take rows in a state claims
// move jobs to. One that takes only others (WHERE status = 'failed' AND
// next_retry_at <= now()) returns no claimed job: the time it waits for is
// a retry's, not a lease's. An unknown state filter or a NOT IN may take
// them.
func takesClaimed(s *sqlcheck.Stmt, col string, claimed map[string]bool) bool {
	states, ok := sqlcheck.FilterStates(s.Where, col)
	if !ok || states.Not {
		return true
	}
	return slices.ContainsFunc(states.In, func(v string) bool { return claimed[v] })
}

func expiresLease(s *sqlcheck.Stmt) bool {
	return expires(s.Where)
}

// reapers makes a reclaim of each UPDATE built around polls that take
// only rows in a state another claim moves jobs to, once the deadline
// that claim writes has passed (WITH stuck AS (SELECT id ... WHERE status
// = 'running' AND locked_at < now() - $2 FOR UPDATE SKIP LOCKED) UPDATE
// ... SET status = 'queued', beside a claim that sets locked_at): it
// takes no runnable work, it returns expired claims. Read as a claim, its
// own state (the runnable one) would pass for claimed. A claim whose poll
// compares a column of its own (available_at <= now()) is not one.
func reapers(qt *QueueTable, initial map[string]bool) {
	col := qt.StateColumn
	if col == "" {
		return
	}
	writer := map[string][]*Statement{}
	for _, st := range qt.Statements {
		if st.Role == RoleClaim {
			if v, ok := qt.claimedState(st); ok && !initial[v] && !qt.successLike(v) {
				writer[v] = append(writer[v], st)
			}
		}
	}
	// leased says another claim moves jobs to v and writes one of cols.
	leased := func(v string, st *Statement, cols []string) bool {
		for _, w := range writer[v] {
			for _, c := range cols {
				if _, ok := w.Assigns(c); ok && w != st {
					return true
				}
			}
		}
		return false
	}
	var candidates []*Statement
	for _, st := range qt.Statements {
		if st.Role != RoleClaim || st.Kind != sqlcheck.KindUpdate || len(st.Polls) == 0 {
			continue
		}
		reaps := true
		for _, p := range st.Polls {
			states, ok := sqlcheck.FilterStates(p.Where, col)
			cols := expiredColumns(p.Where)
			if p.Table != qt.Name || !ok || states.Not || len(states.In) == 0 || len(states.Cond) > 0 || len(cols) == 0 {
				reaps = false
				break
			}
			for _, v := range states.In {
				reaps = reaps && leased(v, st, cols)
			}
		}
		if reaps {
			candidates = append(candidates, st)
		}
	}
	// It puts jobs where a claim that is no such candidate takes them: a
	// claim that re-takes expired jobs into its claimed state stays one.
	polled := func(v string) bool {
		for _, w := range qt.Statements {
			if w.Role != RoleClaim || slices.Contains(candidates, w) {
				continue
			}
			for _, p := range w.Polls {
				if states, ok := sqlcheck.FilterStates(p.Where, col); ok && !states.Not && slices.Contains(states.In, v) {
					return true
				}
			}
		}
		return false
	}
	var found []*Statement
	for _, st := range candidates {
		if v, ok := qt.claimedState(st); ok && polled(v) {
			found = append(found, st)
		}
	}
	for _, st := range found {
		st.Role, st.Polls = RoleReclaim, nil
	}
}

// expiredColumns returns the columns a conjunction compares as earlier
// than now(), also in an OR whose other branches find the column unset
// (locked_at < now() - $2 OR locked_at IS NULL).
func expiredColumns(where []sqlcheck.Pred) []string {
	var out []string
	expired := func(p sqlcheck.Pred) bool {
		return p.Column != "" && (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueNow
	}
	for _, p := range where {
		if expired(p) {
			out = append(out, p.Column)
			continue
		}
		var cols []string
		all := len(p.Branches) > 0
		for _, br := range p.Branches {
			switch {
			case len(br) == 1 && expired(br[0]):
				cols = append(cols, br[0].Column)
			case len(br) == 1 && br[0].Op == sqlcheck.OpIsNull:
			default:
				all = false
			}
		}
		if all {
			out = append(out, cols...)
		}
	}
	return out
}

// expires reports whether a conjunction compares a column as earlier than
// now().
func expires(where []sqlcheck.Pred) bool {
	for _, p := range where {
		if (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueNow {
			return true
		}
	}
	return false
}

// afterWork reports whether an UPDATE runs after the work that a poll's
// rows were handed to (SELECT ... FOR UPDATE SKIP LOCKED; publish each
// row; UPDATE ... SET sent_at = now()): it records the work's outcome
// (while the lock, if any, still holds the rows), it does not take them.
// Without a lock nothing took them: a relay's poll and mark (see
// relay.go).
func (b *builder) afterWork(poll, st *Statement) bool {
	from, to := b.callInstr(poll.Call), b.callInstr(st.Call)
	if from == nil || to == nil {
		return false
	}
	return b.effects.WorkBetween(from, to)
}

// workBeforeStep is afterWork for the UPDATE by key that may take the job
// a poll found, leaving out the work that runs only once that UPDATE has:
// in a loop over the rows found, the work on one row reaches the UPDATE of
// the next (for _, job := range jobs { job.Status = "running";
// db.Save(&job); run(job) }), which takes that other row. Work before
// the UPDATE in the row's own turn still makes it a record of the work.
func (b *builder) workBeforeStep(poll, step *Statement) bool {
	from, to := b.callInstr(poll.Call), b.callInstr(step.Call)
	if from == nil || to == nil {
		return false
	}
	return b.effects.WorkBetweenUnlessAfter(from, to, to)
}

// callInstr returns the SSA call of a call site: the one that passes its
// SQL's arguments, or, for a builder's chain (GORM's Find), the call the
// site's expression makes.
func (b *builder) callInstr(c *Call) ssa.CallInstruction {
	if c.instr != nil {
		return c.instr
	}
	if c.Expr == nil {
		return nil
	}
	return b.effects.Call(c.Expr)
}

// marksAfterWork reports whether an UPDATE runs, in the function of a
// poll of the table, after work given what that poll returned: it marks
// the rows the work handled, whatever its WHERE re-checks.
func (b *builder) marksAfterWork(qt *QueueTable, st *Statement) bool {
	for _, poll := range qt.Statements {
		if poll.Kind == sqlcheck.KindSelect && len(poll.Polls) > 0 && poll.NestedClaim() == nil &&
			poll.Call.Func == st.Call.Func && poll.Before(st) && b.afterWork(poll, st) {
			return true
		}
	}
	return false
}

// claimStep returns the statement that takes the job a SELECT poll found:
// the first UPDATE after it, in the same function, that moves a row named
// by key out of the states jobs are created and polled in.
func claimStep(poll *Statement, qt *QueueTable, firm map[string]bool) *Statement {
	var step *Statement
	for _, st := range qt.Statements {
		v, ok := qt.AssignedState(st)
		if st.Role != RoleNone || st.Kind != sqlcheck.KindUpdate || !ok || firm[v] || !byKey(st.Stmt) || st.PolledBy != nil {
			continue
		}
		if st.Call.Func == nil || st.Call.Func != poll.Call.Func || !poll.Before(st) {
			continue
		}
		if step == nil || st.Before(step) {
			step = st
		}
	}
	return step
}

var (
	failureWords = regexp.MustCompile(`(?i)fail|error|err_|dead|discard|cancel|abandon|abort|reason`)
	successWords = regexp.MustCompile(`(?i)succe|complete|finish|(^|[^n])done`) // not abandoned
)

// successLike reports whether a state, or the Go constant that names it,
// says the job succeeded: done, or what it handed on sent, delivered,
// published (a relay's mark).
func (qt *QueueTable) successLike(state string) bool {
	return recordSuccess(state) || recordSuccess(qt.StateName(state))
}

// endLike reports whether a state, or the Go constant that names it, says
// the job ended without succeeding: failed, dead, cancelled, aborted.
func (qt *QueueTable) endLike(state string) bool {
	return failureWords.MatchString(state) || failureWords.MatchString(qt.StateName(state))
}

// failureLike tells a failure from a completion, both terminal states: by
// the state's name, or by the statement also recording an error or reason.
// Names only split the two; that the state is terminal comes from what the
// statements do.
func failureLike(qt *QueueTable, st *Statement, state string) bool {
	if failureWords.MatchString(state) || failureWords.MatchString(qt.StateName(state)) {
		return true // 'failed', or status.Dead (7)
	}
	if st.origin != nil {
		// One view of a statement whose state comes from a set: the error
		// it records belongs to the failure states, not to this one.
		return false
	}
	for _, a := range st.Set {
		if a.Value.Kind == sqlcheck.ValueParam && failureWords.MatchString(a.Column) && !st.Call.untouched[a.Column] {
			return true
		}
	}
	return false
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// isPoll reports whether s, found in top, picks the next runnable job: a
// poll-shaped SELECT that skips locked rows, or runs inside a statement that
// changes the same table, or filters on a column that the package writes, or
// reads a table a dependency already polls.
func (b *builder) isPoll(s, top *sqlcheck.Stmt, inherited map[string]bool, written map[string]map[string]bool) bool {
	if !sqlcheck.IsPollShape(s) && !sqlcheck.IsFilteredPollShape(s, b.namesRowsBy(s.Table)) && !popsHead(s, top) || b.byUniqueKey(s) || b.lookup(s, written[s.Table]) || b.latestOfOwner(s, written[s.Table]) {
		return false
	}
	switch {
	case s.Lock != nil && s.Lock.SkipLocked,
		s != top && (top.Kind == sqlcheck.KindUpdate || top.Kind == sqlcheck.KindDelete) && top.Table == s.Table,
		inherited[s.Table]:
		return true
	}
	return b.stateColumn(s, top, written[s.Table]) != ""
}

// popsHead reports whether a SELECT picks the rows a DELETE of the same
// table removes, and picks the first rows of the table in an order, every
// row qualifying (no WHERE, no join, no OFFSET): the pop of a FIFO queue
// with no state column, whose rows wait until they are deleted (WITH head
// AS (SELECT id FROM waiting ORDER BY created_at LIMIT 1) DELETE FROM
// waiting WHERE id IN (SELECT id FROM head) RETURNING ...). A DELETE that
// returns nothing trims the table: it claims no job (see claims).
func popsHead(s, top *sqlcheck.Stmt) bool {
	return s != top && top.Kind == sqlcheck.KindDelete && top.Table == s.Table &&
		s.Kind == sqlcheck.KindSelect && s.Table != "" && len(s.Where) == 0 && !s.Joined &&
		len(s.OrderBy) > 0 && s.OrderBy[0].Column != "" && s.Limit != nil && s.Offset == nil
}

// byUniqueKey reports whether a SELECT names its rows by a unique key of
// its table, one value or a list (WHERE id = ANY($1) ORDER BY id FOR
// UPDATE): it locks rows it already knows, in key order, and picks no job.
// A key of several columns is named when each is bound to a value (WHERE
// tenant_id = $1 AND user_id = $2 AND app_id = $3 AND revoked_at IS NULL,
// under UNIQUE (tenant_id, user_id, app_id)): the other conjuncts can only
// drop the one row the key names.
func (b *builder) byUniqueKey(s *sqlcheck.Stmt) bool {
	t := b.model.Schema().Table(s.Table)
	if t == nil {
		return false
	}
	var bound []string
	for _, p := range s.Where {
		if (p.Op != sqlcheck.OpEq && p.Op != sqlcheck.OpIn) || len(p.Values) != 1 || p.Values[0].Kind != sqlcheck.ValueParam {
			continue
		}
		for _, idx := range t.Indexes {
			if (idx.Primary || idx.Unique) && idx.Where == nil && len(idx.Keys) == 1 && idx.Keys[0].Column == p.Column {
				return true
			}
		}
		if p.Op == sqlcheck.OpEq {
			bound = append(bound, p.Column)
		}
	}
	for _, idx := range t.Indexes {
		if !idx.Primary && !idx.Unique || idx.Where != nil || len(idx.Keys) < 2 {
			continue
		}
		all := true
		for _, k := range idx.Keys {
			all = all && k.Column != "" && slices.Contains(bound, k.Column)
		}
		if all {
			return true
		}
	}
	return false
}

// latestOfOwner reports whether a SELECT finds the newest row of an owner
// its caller names: it binds a column the package never writes to a
// parameter (applied_sla_id = $1, the parent a request is about), takes
// a bounded number of rows (LIMIT 1, LIMIT $3) without skipping locked
// ones, and orders newest first by a time column or the primary key
// (ORDER BY created_at DESC). A worker takes the oldest waiting job, or
// the most urgent (ORDER BY priority DESC: no time), first; the newest
// row of one owner is the one a request acts on (the latest event of a
// ticket, marked met when an agent replies), and its newest rows a page
// a request shows (the active work tables of one dataset, ORDER BY
// updated_at DESC LIMIT $3), not the next runnable jobs. A table the
// schema does not hold is read by column names it cannot check, and
// stays a poll.
func (b *builder) latestOfOwner(s *sqlcheck.Stmt, written map[string]bool) bool {
	t := b.model.Schema().Table(s.Table)
	if t == nil || s.Lock != nil && s.Lock.SkipLocked || s.Limit == nil ||
		len(s.OrderBy) == 0 || !s.OrderBy[0].Desc || s.OrderBy[0].Column == "" {
		return false
	}
	newest := false
	if c := t.Column(s.OrderBy[0].Column); c != nil {
		switch c.Type.Name {
		case "timestamp", "timestamptz", "date":
			newest = true
		}
	}
	for _, idx := range t.Indexes {
		newest = newest || idx.Primary && idx.Where == nil && len(idx.Keys) == 1 && idx.Keys[0].Column == s.OrderBy[0].Column
	}
	if !newest {
		return false
	}
	for _, p := range s.Where {
		if p.Column != "" && p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam && !written[p.Column] && t.Column(p.Column) != nil {
			return true
		}
	}
	return false
}

// lookup reports whether a SELECT finds its rows by the values it is given
// rather than by their state: every conjunct of its WHERE binds a column to
// a parameter (WHERE token = $1 LIMIT 1 FOR UPDATE SKIP LOCKED, a token
// being rotated), none of them a column the package's UPDATEs write (a
// state passed in, status = $1). Such a SELECT picks a row it knows, not
// the next runnable one, when the columns hold a unique key of the table
// (several columns: tenant_id = $1 AND token = $2). When the schema holds
// the table and no such key, the columns are a partition of a queue
// (queue = $1) and the SELECT polls it; when the schema does not hold the
// table, which of the two it is is not known, and it is taken for a
// lookup: no queue is made of it.
func (b *builder) lookup(s *sqlcheck.Stmt, written map[string]bool) bool {
	if len(s.Where) == 0 {
		return false
	}
	var cols []string
	for _, p := range s.Where {
		if p.Column == "" || p.Op != sqlcheck.OpEq || len(p.Values) != 1 || p.Values[0].Kind != sqlcheck.ValueParam || written[p.Column] {
			return false
		}
		cols = append(cols, p.Column)
	}
	return b.namesRowsBy(s.Table)(cols)
}

// namesRowsBy returns, for a table, whether a set of its columns names
// rows: it holds every key of its primary key or of a unique index. Of a
// table the schema does not hold, any set may. The schema is read only
// when the question is asked.
func (b *builder) namesRowsBy(table string) func(cols []string) bool {
	return func(cols []string) bool {
		t := b.model.Schema().Table(table)
		if t == nil {
			return true
		}
		for _, idx := range t.Indexes {
			if !idx.Primary && !idx.Unique || idx.Where != nil {
				continue
			}
			all := true
			for _, k := range idx.Keys {
				all = all && k.Column != "" && slices.Contains(cols, k.Column)
			}
			if all {
				return true
			}
		}
		return false
	}
}

// selectsRunnable reports whether a poll's state filter admits a state jobs
// are created in (the value an INSERT gives the state column, or its
// DEFAULT, or NULL when an INSERT leaves a column without DEFAULT unset): a
// scan for stuck 'running' jobs has a poll's shape but does not pick
// runnable work. When no such state is known, it gives the benefit of the
// doubt.
func (b *builder) selectsRunnable(poll *sqlcheck.Stmt, col string) bool {
	if col == "" {
		return true
	}
	states, ok := sqlcheck.FilterStates(poll.Where, col)
	initial := b.initialStates(poll.Table, col)
	if dep, found := b.inheritedStates()[poll.Table]; found && dep.Column == col {
		// The package that claims from the table knows where jobs
		// wait: a statement here that picks only other states (a
		// reaper's, of jobs in progress) polls nothing.
		for _, v := range dep.Runnable {
			initial[v] = true
		}
	}
	if !ok || len(initial) == 0 {
		return true
	}
	for v := range initial {
		if states.Admits(v) {
			return true
		}
	}
	return false
}

// trims reports whether a statement deletes the rows its poll finds and
// hands none back (no RETURNING): a purge of old rows (WHERE status =
// 'delivered' AND dispatched_at < now() - $1 ORDER BY dispatched_at LIMIT
// $2), whose state filter names where jobs end, not where they wait.
func trims(st *Statement) bool {
	return st.Kind == sqlcheck.KindDelete && st.Returning == nil
}

// purges reports whether a poll-shaped SELECT picks the rows a DELETE of
// the same statement removes, by excluding states (state <> 'running'): a
// bulk delete of everything but the jobs in progress, not a claim.
func purges(s, top *sqlcheck.Stmt, col string) bool {
	if states, ok := sqlcheck.FilterStates(s.Where, col); !ok || !states.Not {
		return false
	}
	deletes := false
	top.Walk(func(t *sqlcheck.Stmt) {
		deletes = deletes || (t.Kind == sqlcheck.KindDelete && t.Table == s.Table)
	})
	return deletes
}

// onlyCounted reports whether a SELECT gives back nothing of the rows it
// reads, only values computed over them (SELECT count(*) FROM (SELECT 1
// FROM jobs WHERE ... ORDER BY expires_at LIMIT $1) t, the dry run of a
// prune): no job reaches the caller, so the rows it finds are no poll's.
//
// A SELECT with a GROUP BY (SELECT route, count(*) ... WHERE state = $1
// GROUP BY route ORDER BY count(*) DESC LIMIT 10, a backlog report) returns
// groups, not jobs, and is no poll either: inferQueue checks Grouped.
func onlyCounted(top *sqlcheck.Stmt) bool {
	if top.Kind != sqlcheck.KindSelect || len(top.Outputs) == 0 {
		return false
	}
	for _, o := range top.Outputs {
		if o.Column != "" || o.Star || len(o.Reads) > 0 {
			return false
		}
	}
	return true
}

// initialStates returns the states jobs get in a state column when they are
// created: the constants (or NULL) the package's INSERTs give it (bound
// from Go too: a constant reaching the parameter, or a struct field the
// module only ever sets to constants, see fieldStates), its DEFAULT, and
// NULL when an INSERT that names its columns leaves out one that has no
// DEFAULT.
func (b *builder) initialStates(table, col string) map[string]bool {
	states := map[string]bool{}
	var column *sqlcheck.Column
	if t := b.model.Schema().Table(table); t != nil {
		column = t.Column(col)
	}
	for _, top := range b.statements() {
		// An INSERT may be a CTE of the statement (WITH inserted AS
		// (INSERT ...) SELECT ...): it creates rows all the same.
		top.Stmt.Walk(func(st *sqlcheck.Stmt) {
			if st.Kind != sqlcheck.KindInsert || st.Table != table {
				return
			}
			if v, ok := st.Assigns(col); ok {
				switch v.Kind {
				case sqlcheck.ValueConst:
					states[v.Str] = true
				case sqlcheck.ValueNull:
					states[sqlcheck.StateNull] = true
				case sqlcheck.ValueParam:
					for _, v := range b.fieldStates(top.Call, v.Param) {
						states[v] = true
					}
				}
			} else if column != nil && column.Default == nil && len(st.InsertCols) > 0 && !slices.Contains(st.InsertCols, col) {
				states[sqlcheck.StateNull] = true
			}
		})
	}
	if column != nil && column.Default != nil && column.Default.Kind == sqlcheck.ValueConst {
		states[column.Default.Str] = true
	}
	return states
}

// stateColumn returns the column that holds a poll's job state, or "": of
// the columns the poll filters on that some UPDATE of the package writes,
// the one that best looks like a state: filtered by constants (or NULL)
// rather than a parameter, given its first state by enqueue or its DEFAULT,
// with its states listed by the schema, written by the statement that
// claims. Ties go to the first filter. In queue = 'default' AND status =
// 'queued', status is the state when only it changes, or when enqueue
// gives only it a constant.
func (b *builder) stateColumn(poll, top *sqlcheck.Stmt, written map[string]bool) string {
	best, score := "", -1
	for _, p := range sqlcheck.StateFilters(poll) {
		if !written[p.Column] {
			continue
		}
		n := 0
		if sqlcheck.IsConstFilter(p) {
			n += 8
		}
		if len(b.initialStates(poll.Table, p.Column)) > 0 {
			n += 4
		}
		if len(b.model.Schema().ColumnStates(poll.Table, p.Column)) > 0 {
			n += 2
		}
		if _, ok := top.Assigns(p.Column); ok && top != poll && top.Table == poll.Table {
			n++
		}
		if n > score {
			best, score = p.Column, n
		}
	}
	return best
}

// claims reports whether a statement holding a poll also takes the job: it
// changes the polled table, or locks the rows it selects.
func claims(st *Statement) bool {
	switch st.Kind {
	case sqlcheck.KindDelete:
		// A DELETE takes jobs only if it hands them back: without
		// RETURNING, it is a purge of old rows.
		if st.Returning == nil {
			return false
		}
		fallthrough
	case sqlcheck.KindUpdate:
		for _, p := range st.Polls {
			if p.Table == st.Table {
				return true
			}
		}
	case sqlcheck.KindSelect:
		return st.Lock != nil || st.NestedClaim() != nil || st.LockedFrom() != nil && slices.Contains(st.Polls, st.LockedFrom())
	}
	return false
}

// writtenColumns returns, per table, the columns some UPDATE of the package assigns.
func (b *builder) writtenColumns() map[string]map[string]bool {
	written := make(map[string]map[string]bool)
	for _, st := range b.statements() {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if s.Kind != sqlcheck.KindUpdate || s.Table == "" {
				return
			}
			if written[s.Table] == nil {
				written[s.Table] = make(map[string]bool)
			}
			for _, a := range s.Set {
				written[s.Table][a.Column] = true
			}
		})
	}
	return written
}

// inheritedQueues returns the queue tables of the packages this one imports.
func (b *builder) inheritedQueues() map[string]bool {
	tables := make(map[string]bool)
	for _, imp := range b.pass.Pkg.Imports() {
		var q Queues
		if b.pass.ImportPackageFact(imp, &q) {
			for _, t := range q.Tables {
				tables[t] = true
			}
		}
	}
	return tables
}

// inheritedStates returns the state columns and runnable states that the
// packages this one imports know of their queue tables, by table. Two
// dependencies that disagree on a table's column tell nothing of it.
func (b *builder) inheritedStates() map[string]TableStates {
	if b.depStates != nil {
		return b.depStates
	}
	out := make(map[string]TableStates)
	b.depStates = out
	conflict := map[string]bool{}
	for _, imp := range b.pass.Pkg.Imports() {
		var q Queues
		if !b.pass.ImportPackageFact(imp, &q) {
			continue
		}
		for _, s := range q.States {
			prev, seen := out[s.Table]
			switch {
			case !seen:
				out[s.Table] = s
			case prev.Column != s.Column:
				conflict[s.Table] = true
			default:
				prev.Runnable = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(prev.Runnable), s.Runnable...))))
				out[s.Table] = prev
			}
		}
	}
	for t := range conflict {
		delete(out, t)
	}
	return out
}

func (b *builder) statements() []*Statement {
	var out []*Statement
	for _, c := range b.model.Calls {
		out = append(out, c.Stmts...)
	}
	return out
}

func (b *builder) table(name string) *QueueTable {
	qt := b.model.Tables[name]
	if qt == nil {
		qt = &QueueTable{Name: name}
		b.model.Tables[name] = qt
	}
	return qt
}

// Rechecks reports whether a statement's WHERE filters on the queue's state
// column, so that it matches nothing once another worker changed the state.
func (qt *QueueTable) Rechecks(s *sqlcheck.Stmt) bool {
	if qt.StateColumn == "" {
		return false
	}
	if _, ok := sqlcheck.FilterStates(s.Where, qt.StateColumn); ok {
		return true // status IN (...), status = 'a' OR status = 'b', locked_at IS NULL
	}
	for _, p := range s.Where {
		if p.Column == qt.StateColumn {
			return true // status = $2, and an OR of such comparisons
		}
	}
	return false
}

// Succeeds reports whether a statement records a job's success: it deletes
// the job, or moves it to a state whose name, or its Go constant's, says
// so (done, completed, sent). A state that only ends the statements the
// package sees (extracting, written between two steps of the work) does
// not. A queue whose state is a marker that is NULL while the job is
// pending (published_at IS NULL) has no state in between: setting the
// marker records success (a statement that also records an error is a
// failure, which roles tell apart before this is asked).
func (qt *QueueTable) Succeeds(st *Statement) bool {
	if st.Kind == sqlcheck.KindDelete {
		return true
	}
	v, ok := qt.AssignedState(st)
	return ok && (qt.successLike(v) || v == sqlcheck.StateNotNull)
}

// ReturnsAttempts reports whether a statement of an exported function
// returns the attempt count (RETURNING attempts, or *) to its callers, who
// may compare it with a limit out of sight.
func (st *Statement) ReturnsAttempts() bool {
	if st.Call == nil || st.Call.Decl == nil || !st.Call.Decl.Name.IsExported() {
		return false
	}
	found := false
	st.Stmt.Walk(func(s *sqlcheck.Stmt) {
		for _, c := range s.Returning {
			found = found || c == "*" || attempts.Mentioned(c)
		}
	})
	return found
}
