package queuemodel

import (
	"go/types"
	"regexp"
	"slices"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A due-time queue: a table with no state column, whose rows are jobs
// runnable once a time column is due. A scheduler reads the due rows
// (WHERE run_at <= now(), or < $1 bound from a Go time), hands each to
// its work, and takes it by key: it DELETEs the row (taking a job is
// removing it), or advances the time column (SET next_run_at = $2 WHERE
// id = $1: a cron schedule's next run). The read is the poll, the
// DELETE or advance the claim.
//
// What tells it from a report that lists rows by time (overdue invoices,
// expired sessions purged one by one) is the hand-off: the key the take
// binds comes from the rows the read returned, and in the take's
// function those rows are given to work (a handler, a call that may fail;
// see effects.HandsOn) before or after the take.

// A DueTake is a statement that takes a due job by key, and what the
// code does around it.
type DueTake struct {
	*Statement
	// WorkFirst says the rows were handed to work before the take ran:
	// the take decides nothing, the work has already run.
	WorkFirst bool
}

// dueQueues finds the due-time queues among the tables that are no queue
// with a state (run once those are known: a table whose only claim is a
// SKIP LOCKED read, with no state, may be one).
func (b *builder) dueQueues() {
	stmts := b.statements()
	for _, poll := range stmts {
		for _, read := range b.dueReads(poll) {
			known := b.model.Tables[read.Table]
			if known != nil && known.due == nil && known.StateColumn != "" {
				continue // a queue with a state: its own rules judge it
			}
			if readsState(read, stmts) {
				continue // a queue with a state the tool did not name: the due time alone says nothing of who takes a row
			}
			cols := b.dueColumns(poll, read)
			if cols == nil {
				continue
			}
			var takes []DueTake
			for _, take := range stmts {
				if !takesDue(take, read.Table, cols) {
					continue
				}
				if t, ok := b.dueTake(poll, take); ok {
					takes = append(takes, t)
				}
			}
			if len(takes) == 0 {
				continue
			}
			poll.Stmt = read // a SELECT of joined tables: the one it takes rows of
			qt := b.table(read.Table)
			if qt.due == nil {
				qt.DueColumn, qt.DueColumns, qt.due, qt.Local = cols[0], cols, map[*Statement][]DueTake{}, true
				qt.dueOnly = known == nil
				for _, st := range stmts {
					if qt.dueOnly && st.On() == qt.Name {
						qt.Statements = append(qt.Statements, st)
					}
				}
			}
			qt.due[poll] = takes
			if !qt.dueOnly && deletesOnDone(takes) {
				// A queue already (a SKIP LOCKED read in a transaction
				// that lasts until the DELETE): the takes after the work
				// that no role names yet are its completion and retry.
				for _, t := range takes {
					if t.Role == RoleNone && t.WorkFirst {
						t.Role = doneRole(t)
					}
				}
			}
			if qt.dueOnly {
				// A table that is a queue already (a SKIP LOCKED read that
				// claims, with no state) keeps its roles.
				poll.Role = RolePoll
				for _, t := range takes {
					t.Role = RoleClaim
				}
				if deletesOnDone(takes) {
					poll.Polls = []*sqlcheck.Stmt{read}
					for _, t := range takes {
						t.Role = doneRole(t)
					}
					for _, st := range qt.Statements {
						if st.Kind == sqlcheck.KindInsert && st.Role == RoleNone {
							st.Role = RoleEnqueue
						}
					}
				}
			}
			break
		}
	}
}

// dueReads returns the ways a top-level SELECT may read a table's due
// rows: itself, or, when it joins tables with no subject the tool can
// tell (SELECT s.*, j.* FROM jobs j JOIN schedules s ON ... WHERE
// next_run_at <= $1), the SELECT of each of them (see
// sqlcheck.Stmt.AsSubject); which one it is the take decides.
func (b *builder) dueReads(st *Statement) []*sqlcheck.Stmt {
	if st.Kind != sqlcheck.KindSelect {
		return nil
	}
	if st.Table != "" {
		return []*sqlcheck.Stmt{st.Stmt}
	}
	var out []*sqlcheck.Stmt
	for _, jt := range st.JoinedTables {
		if s := st.AsSubject(jt.Table); s != nil {
			out = append(out, s)
		}
	}
	return out
}

// dueColumns returns the columns a SELECT reads due rows by: it compares
// one as earlier than now() or than a Go time it is given, and its table
// holds it (when the schema knows the table); or an OR whose every branch
// so compares one (remind_1h <= now() OR remind_24h <= now(): a row with
// several deadlines is due once any of them is), where a branch may also
// find the column NULL (due_time IS NULL OR due_time <= now(): a job
// given no due time is due at once). nil if none.
func (b *builder) dueColumns(st *Statement, s *sqlcheck.Stmt) []string {
	t := b.model.Schema().Table(s.Table)
	due := func(p sqlcheck.Pred) bool {
		if p.Column == "" || p.Op != sqlcheck.OpLt && p.Op != sqlcheck.OpLe || len(p.Values) != 1 {
			return false
		}
		if t != nil && t.Column(p.Column) == nil {
			return false
		}
		switch v := p.Values[0]; v.Kind {
		case sqlcheck.ValueNow:
			return !b.ageCutoff(t, s.Table, p.Column, v)
		case sqlcheck.ValueParam:
			return b.goTime(st, v.Param)
		}
		return false
	}
	for _, p := range s.Where {
		if due(p) {
			return []string{p.Column}
		}
	}
	for _, p := range s.Where {
		if len(p.Branches) == 0 {
			continue
		}
		var cols, nulls []string
		for _, branch := range p.Branches {
			i := slices.IndexFunc(branch, due)
			if i < 0 && len(branch) == 1 && branch[0].Op == sqlcheck.OpIsNull && branch[0].Column != "" {
				nulls = append(nulls, branch[0].Column) // due_time IS NULL: due at once
				continue
			}
			if i < 0 {
				cols = nil
				break
			}
			if !slices.Contains(cols, branch[i].Column) {
				cols = append(cols, branch[i].Column)
			}
		}
		if cols != nil && !slices.ContainsFunc(nulls, func(c string) bool { return !slices.Contains(cols, c) }) {
			return cols
		}
	}
	return nil
}

// pastShift matches the clock moved back: now() - '7 days'::interval.
var pastShift = regexp.MustCompile(`(?i)^\s*(now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\)|localtimestamp)\s*-\s*`)

// ageCutoff reports whether a comparison of a table's column with the
// clock moved back (created_at < now() - interval '7 days') picks rows by
// their age: the column is the row's creation time (its DEFAULT is the
// clock, and no UPDATE of the package writes it), so the rows it picks
// are those old enough to clean up (unlinked uploads purged after a
// week), not jobs given a time to run. A due time is one the code sets
// (run_at = now() + delay, next_run_at advanced by the take), or any
// column compared with the clock itself (created_at <= now(): every row
// at once, an outbox). A table the schema does not hold stays read as a
// due-time queue.
func (b *builder) ageCutoff(t *sqlcheck.Table, table, col string, v sqlcheck.Value) bool {
	if t == nil || !pastShift.MatchString(v.Text) {
		return false
	}
	c := t.Column(col)
	if c == nil || c.Default == nil || c.Default.Kind != sqlcheck.ValueNow {
		return false
	}
	return !b.writtenColumns()[table][col]
}

// goTime reports whether parameter $n of a statement is bound to a Go
// time.Time.
func (b *builder) goTime(st *Statement, n int) bool {
	a := st.Arg(n)
	if a == nil {
		return false
	}
	named, ok := types.Unalias(b.pass.TypesInfo.TypeOf(a)).(*types.Named)
	if !ok {
		return false
	}
	obj := named.Obj()
	return obj.Pkg() != nil && obj.Pkg().Path() == "time" && obj.Name() == "Time"
}

// takesDue reports whether a statement takes rows of a due-time queue:
// a DELETE of the table, or an UPDATE that sets one of its time columns.
func takesDue(st *Statement, table string, cols []string) bool {
	if st.Table != table {
		return false
	}
	switch st.Kind {
	case sqlcheck.KindDelete:
		return true
	case sqlcheck.KindUpdate:
		return slices.ContainsFunc(st.Set, func(a sqlcheck.Assign) bool { return slices.Contains(cols, a.Column) })
	}
	return false
}

// dueTake reports whether take takes, by key, the rows poll read and
// handed to work (see the comment at the top of the file).
func (b *builder) dueTake(poll, take *Statement) (DueTake, bool) {
	key := take.KeyArg()
	read, to := b.callInstr(poll.Call), b.callInstr(take.Call)
	if key == nil || read == nil || to == nil || read.Value() == nil {
		return DueTake{}, false
	}
	if !b.effects.FromRows(read, key) {
		return DueTake{}, false
	}
	found, before := b.effects.HandsOn(read, to)
	return DueTake{Statement: take, WorkFirst: before}, found
}

// A delete-on-done queue is a due-time queue whose rows are the pending
// jobs: a mail spool, an outbox, webhook deliveries. The worker reads the
// due rows, runs each one's work, and DELETEs the row by key once the
// work succeeded; a failure pushes the due time forward by key (SET
// due_time = now() + $2, often attempts = attempts + 1) or leaves the row
// to be read again. The DELETE after the work records success (the
// completion), the advance after the work puts the failed job back (a
// retry); a take that runs before the work is the claim (a
// compare-and-set that pushes the due time forward as the job's lease, or
// a DELETE that removes the job before it runs). The poll is then the
// queue's poll (Polls), whose index and attempt cap the rules judge as a
// state queue's. A due-time table whose takes are only advances (a cron
// schedule's next run) keeps its rows for good and is none.

// deletesOnDone reports whether a due-time poll's rows are deleted by
// key after their work ran.
func deletesOnDone(takes []DueTake) bool {
	return slices.ContainsFunc(takes, func(t DueTake) bool { return t.WorkFirst && t.Kind == sqlcheck.KindDelete })
}

// doneRole returns the role of a take in a delete-on-done queue.
func doneRole(t DueTake) Role {
	switch {
	case !t.WorkFirst:
		return RoleClaim
	case t.Kind == sqlcheck.KindDelete:
		return RoleComplete
	}
	return RoleRetry
}

// Due reports whether the table is a due-time queue (see due.go).
func (qt *QueueTable) Due() bool { return len(qt.due) > 0 }

// DueOnly reports whether the table is a queue only as a due-time queue:
// no other statement made it one.
func (qt *QueueTable) DueOnly() bool { return qt.dueOnly }

// DuePolls returns a due-time queue's polls, in source order.
func (qt *QueueTable) DuePolls() []*Statement {
	var out []*Statement
	for _, st := range qt.Statements {
		if qt.due[st] != nil {
			out = append(out, st)
		}
	}
	return out
}

// DueTakes returns the statements that take what a due-time queue's poll
// read.
func (qt *QueueTable) DueTakes(poll *Statement) []DueTake { return qt.due[poll] }

// readsState reports whether a read filters its table on a state: a
// column it restricts to constants (status = 'scheduled') that an UPDATE
// of the package moves to a constant (SET status = 'processing'). Such a
// table is a queue with a state whose claim is that move, not the advance
// of its due time, even when the tool found no state column for it (a
// state the enqueue binds from a Go value).
func readsState(read *sqlcheck.Stmt, stmts []*Statement) bool {
	for _, p := range read.Where {
		if p.Column == "" {
			continue
		}
		states, ok := sqlcheck.FilterStates(read.Where, p.Column)
		if !ok || states.Not || len(states.In) == 0 {
			continue
		}
		for _, st := range stmts {
			if st.Kind != sqlcheck.KindUpdate || st.Table != read.Table {
				continue
			}
			for _, a := range st.Set {
				if a.Column == p.Column && a.Value.Kind == sqlcheck.ValueConst && !states.Admits(a.Value.Str) {
					return true
				}
			}
		}
	}
	return false
}
