package queuemodel

import (
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
			qt.Local = true
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
		qt := b.model.Tables[st.Table]
		if qt == nil {
			continue
		}
		if st.Kind == sqlcheck.KindInsert {
			st.Role = RoleEnqueue
		}
		qt.Statements = append(qt.Statements, st)
	}
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
	case sqlcheck.KindUpdate, sqlcheck.KindDelete:
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
