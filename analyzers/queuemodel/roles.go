package queuemodel

import (
	"regexp"
	"sort"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// inferQueue finds the package's polls, the queue tables they read, and the
// roles of the statements on those tables.
func (b *builder) inferQueue() {
	inherited := b.inheritedQueues()
	written := b.writtenColumns()

	for _, st := range b.statements() {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			if isPoll(s, st.Stmt, inherited, written) && b.selectsRunnable(s, written[s.Table]) {
				st.Polls = append(st.Polls, s)
			}
		})
		for _, poll := range st.Polls {
			qt := b.table(poll.Table)
			if qt.StateColumn == "" {
				qt.StateColumn = stateColumn(poll, written[poll.Table])
			}
		}
		if len(st.Polls) > 0 {
			st.Role = RolePoll
			if claims(st) {
				st.Role = RoleClaim
			}
		}
	}
	for name := range inherited {
		b.table(name).Inherited = true
	}
	for _, st := range b.statements() {
		if qt := b.model.Tables[st.Table]; qt != nil {
			qt.Statements = append(qt.Statements, st)
		}
	}
	for name, qt := range b.model.Tables {
		b.transitions(qt)
		// A queue is where jobs are taken: a table the package polls but
		// never claims from (a page of users, a report) is not one, unless
		// a dependency claims from it.
		qt.Local = hasClaim(qt)
		if !qt.Local && !qt.Inherited {
			for _, st := range qt.Statements {
				st.Role, st.Polls, st.Step, st.PolledBy = RoleNone, nil, nil, nil
			}
			delete(b.model.Tables, name)
		}
	}
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
func (b *builder) transitions(qt *QueueTable) {
	col := qt.StateColumn
	runnable := map[string]bool{}
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			for _, v := range constFilter(poll, col) {
				runnable[v] = true
			}
		}
	}
	if col != "" {
		for v := range b.initialStates(qt.Name, col) {
			runnable[v] = true
		}
	}
	for _, st := range qt.Statements {
		if st.Role == RoleNone && st.Kind == sqlcheck.KindInsert {
			st.Role = RoleEnqueue
		}
	}
	// The claim step: an UPDATE by key, in the function that polled, that
	// moves the job out of its runnable state.
	claimed := map[string]bool{}
	for _, st := range qt.Statements {
		if st.Role == RoleClaim {
			if v, ok := assignedState(st, col); ok {
				claimed[v] = true
			}
		}
	}
	for _, poll := range qt.Statements {
		if poll.Kind != sqlcheck.KindSelect || len(poll.Polls) == 0 {
			continue
		}
		if step := claimStep(poll, qt, col, runnable); step != nil {
			step.Role = RoleClaim
			poll.Step, step.PolledBy = step, poll
			v, _ := assignedState(step, col)
			claimed[v] = true
		}
	}
	// A compare-and-set claim: an UPDATE by key that takes the job only if
	// it is still runnable (WHERE id = $1 AND status = 'queued').
	for _, st := range qt.Statements {
		v, ok := assignedState(st, col)
		if st.Role == RoleNone && st.Kind == sqlcheck.KindUpdate && ok && !runnable[v] && byKey(st.Stmt) && filtersRunnable(st.Stmt, col, runnable) {
			st.Role = RoleClaim
			claimed[v] = true
		}
	}
	for _, st := range qt.Statements {
		if st.Role != RoleNone {
			continue
		}
		switch st.Kind {
		case sqlcheck.KindDelete:
			if byKey(st.Stmt) {
				st.Role = RoleComplete // jobs deleted when done
			}
		case sqlcheck.KindUpdate:
			if cases := assignedCases(st, col); byKey(st.Stmt) && anyIn(cases, runnable) {
				// SET status = CASE WHEN attempts >= $2 THEN 'failed' ELSE 'queued' END:
				// a retry that decides in SQL when to give up.
				st.Role = RoleRetry
				continue
			}
			v, ok := assignedState(st, col)
			switch {
			case !ok:
			case runnable[v] && expiresLease(st.Stmt):
				st.Role = RoleReclaim
			case runnable[v] && byKey(st.Stmt):
				st.Role = RoleRetry
			case !runnable[v] && !claimed[v] && byKey(st.Stmt):
				st.Role = RoleComplete
				if failureLike(st, v) {
					st.Role = RoleFail
				}
			}
		}
	}
	qt.Runnable, qt.Claimed = sortedSet(runnable), sortedSet(claimed)
}

// constFilter returns the constants a poll selects in column col.
func constFilter(poll *sqlcheck.Stmt, col string) []string {
	var out []string
	for _, p := range sqlcheck.StateFilters(poll) {
		if p.Column != col {
			continue
		}
		for _, v := range p.Values {
			if v.Kind == sqlcheck.ValueConst {
				out = append(out, v.Str)
			}
		}
	}
	return out
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
	for _, p := range sqlcheck.StateFilters(s) {
		if p.Column != col {
			continue
		}
		all := len(p.Values) > 0
		for _, v := range p.Values {
			all = all && v.Kind == sqlcheck.ValueConst && runnable[v.Str]
		}
		if all {
			return true
		}
	}
	return false
}

// assignedState returns the constant a statement sets the state column to.
func assignedState(st *Statement, col string) (string, bool) {
	if col == "" {
		return "", false
	}
	v, ok := st.Assigns(col)
	if !ok || v.Kind != sqlcheck.ValueConst {
		return "", false
	}
	return v.Str, true
}

// byKey reports whether a statement targets rows it names: an equality
// (or IN) with a parameter, as in WHERE id = $1.
func byKey(s *sqlcheck.Stmt) bool {
	for _, p := range s.Where {
		if (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam {
			return true
		}
	}
	return false
}

// expiresLease reports whether a statement selects rows whose deadline is
// past: a column compared as earlier than now().
func expiresLease(s *sqlcheck.Stmt) bool {
	for _, p := range s.Where {
		if (p.Op == sqlcheck.OpLt || p.Op == sqlcheck.OpLe) && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueNow {
			return true
		}
	}
	return false
}

// claimStep returns the statement that takes the job a SELECT poll found:
// the first UPDATE after it, in the same function, that moves a row named
// by key out of its runnable state.
func claimStep(poll *Statement, qt *QueueTable, col string, runnable map[string]bool) *Statement {
	var step *Statement
	for _, st := range qt.Statements {
		v, ok := assignedState(st, col)
		if st.Role != RoleNone || st.Kind != sqlcheck.KindUpdate || !ok || runnable[v] || !byKey(st.Stmt) || st.PolledBy != nil {
			continue
		}
		if st.Call.Func == nil || st.Call.Func != poll.Call.Func || st.Call.Pos() < poll.Call.Pos() {
			continue
		}
		if step == nil || st.Call.Pos() < step.Call.Pos() {
			step = st
		}
	}
	return step
}

var failureWords = regexp.MustCompile(`(?i)fail|error|err_|dead|discard|cancel|abandon|reason`)

// failureLike tells a failure from a completion, both terminal states: by
// the state's name, or by the statement also recording an error or reason.
// Names only split the two; that the state is terminal comes from what the
// statements do.
func failureLike(st *Statement, state string) bool {
	if failureWords.MatchString(state) {
		return true
	}
	if st.origin != nil {
		// One view of a statement whose state comes from a set: the error
		// it records belongs to the failure states, not to this one.
		return false
	}
	for _, a := range st.Set {
		if a.Value.Kind == sqlcheck.ValueParam && failureWords.MatchString(a.Column) {
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
func isPoll(s, top *sqlcheck.Stmt, inherited map[string]bool, written map[string]map[string]bool) bool {
	if !sqlcheck.IsPollShape(s) {
		return false
	}
	switch {
	case s.Lock != nil && s.Lock.SkipLocked,
		s != top && (top.Kind == sqlcheck.KindUpdate || top.Kind == sqlcheck.KindDelete) && top.Table == s.Table,
		inherited[s.Table]:
		return true
	}
	return stateColumn(s, written[s.Table]) != ""
}

// selectsRunnable reports whether a poll's constant state filter includes a
// state jobs are created in (the value an INSERT gives the state column, or
// its DEFAULT): a scan for stuck 'running' jobs has a poll's shape but does
// not pick runnable work. When no such state is known, it gives the benefit
// of the doubt.
func (b *builder) selectsRunnable(poll *sqlcheck.Stmt, written map[string]bool) bool {
	col := stateColumn(poll, written)
	if col == "" {
		return true
	}
	var filter []string
	for _, p := range sqlcheck.StateFilters(poll) {
		if p.Column != col {
			continue
		}
		for _, v := range p.Values {
			if v.Kind != sqlcheck.ValueConst {
				return true
			}
			filter = append(filter, v.Str)
		}
	}
	initial := b.initialStates(poll.Table, col)
	if len(filter) == 0 || len(initial) == 0 {
		return true
	}
	for _, v := range filter {
		if initial[v] {
			return true
		}
	}
	return false
}

// initialStates returns the constant values jobs get in a state column when
// they are created: from the package's INSERTs and the column's DEFAULT.
func (b *builder) initialStates(table, col string) map[string]bool {
	states := map[string]bool{}
	for _, st := range b.statements() {
		if st.Kind != sqlcheck.KindInsert || st.Table != table {
			continue
		}
		if v, ok := st.Assigns(col); ok && v.Kind == sqlcheck.ValueConst {
			states[v.Str] = true
		}
	}
	if t := b.model.Schema().Table(table); t != nil {
		if c := t.Column(col); c != nil && c.Default != nil && c.Default.Kind == sqlcheck.ValueConst {
			states[c.Default.Str] = true
		}
	}
	return states
}

// stateColumn returns the first column a poll filters on that the package
// writes, or "".
func stateColumn(poll *sqlcheck.Stmt, written map[string]bool) string {
	for _, p := range sqlcheck.StateFilters(poll) {
		if written[p.Column] {
			return p.Column
		}
	}
	return ""
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
		return st.Lock != nil
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
