package queuemodel

import (
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// bulkTake reports whether a top-level UPDATE takes every due job in one
// statement, being its own poll: it moves the rows of its table that wait
// in a state to another state and hands them to the caller, as a
// scheduler's tick does (UPDATE schedules SET running = true WHERE
// next_run <= $1 AND NOT running RETURNING id, command). Its WHERE says
// nothing but the states it takes from and when the rows are due (a
// column compared with a bound time or now()): an UPDATE that also names
// rows by an attribute (source_id = $1) is an operator's action on a
// subset, one with no RETURNING gives the caller nothing to run.
//
// The same shape expires rows (SET expired = true WHERE expires_at <=
// now() AND NOT expired RETURNING id): what makes the UPDATE a take is a
// job's cycle, another UPDATE of the package that gives one row back by
// key (SET running = false ... WHERE id = $2), or, on a column that is no
// boolean, records its outcome by key (SET status = 'done' WHERE id = $1).
// The state the take moves rows to says work is under way (running,
// 'processing', locked): a lapse or an expiry moves rows to an end that
// a renewal may undo, it takes no job. And the rows fall due by a time:
// a count (failed_logins >= $1) picks no due work.
//
// Two instances running the take at once do not take one row twice:
// PostgreSQL re-checks an UPDATE's WHERE on the row it waited for.
func (b *builder) bulkTake(st *Statement, s *sqlcheck.Stmt) bool {
	if s.Kind != sqlcheck.KindUpdate || s.Table == "" || s.Returning == nil || s.FromCTE != "" ||
		len(s.GivenKeys) > 0 || len(s.Subqueries) > 0 || len(s.CTEs) > 0 || byKey(s) {
		return false
	}
	cols := stateColumnsOf(s.Where)
	if len(cols) != 1 {
		return false
	}
	col := cols[0]
	from, ok := sqlcheck.FilterStates(s.Where, col)
	to, assigned := s.Assigns(col)
	if !ok || from.Not || len(from.Cond) > 0 || !assigned || to.Kind != sqlcheck.ValueConst || slices.Contains(from.In, to.Str) {
		return false
	}
	taken := to.Str
	if isFlag(to.Str, setOf(from.In)) {
		taken = col // SET running = true: the column names the state
	}
	if !workingWords.MatchString(taken) && !takenWords.MatchString(taken) {
		return false
	}
	due := false
	for _, p := range s.Where {
		if p.Column == col && p.Branches == nil {
			continue
		}
		if !dueCondition(p) || !b.timeCompared(st, s, p) {
			return false
		}
		due = true
	}
	return due && b.givesBack(s, col, from.In, to.Str)
}

// dueCondition reports whether a conjunct compares a column with a
// parameter or now(): next_run <= $1, run_at < now(); whether the
// parameter is a time is timeCompared's question.
func dueCondition(p sqlcheck.Pred) bool {
	if p.Column == "" || p.Branches != nil || len(p.Values) != 1 {
		return false
	}
	k := p.Values[0].Kind
	return k == sqlcheck.ValueParam || k == sqlcheck.ValueNow
}

// takenWords name states of rows a worker holds, beside workingWords.
var takenWords = regexp.MustCompile(`(?i)lock|claim|taken|busy|lease|picked`)

// timeCompared reports whether a due condition compares a time: now(), a
// column the schema types as a time, or, with no schema for the column,
// a parameter the Go code binds a time.Time to.
func (b *builder) timeCompared(st *Statement, s *sqlcheck.Stmt, p sqlcheck.Pred) bool {
	v := p.Values[0]
	if v.Kind == sqlcheck.ValueNow {
		return true
	}
	if t := b.model.Schema().Table(s.Table); t != nil {
		if c := t.Column(p.Column); c != nil {
			return timeTypes[c.Type.Name] && !c.Type.Array
		}
	}
	vals := st.BoundValues(v.Param)
	if len(vals) == 0 {
		return false
	}
	for _, gv := range vals {
		if mi, ok := gv.(*ssa.MakeInterface); ok {
			gv = mi.X
		}
		if !isTime(gv.Type()) {
			return false
		}
	}
	return true
}

var timeTypes = map[string]bool{"timestamp": true, "timestamptz": true, "date": true}

func isTime(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Time"
}

// givesBack reports whether an UPDATE by key of the package moves a row
// of the table back to one of the states a take moved rows from, or, when
// the column is not a boolean, to an ended state other than the take's.
func (b *builder) givesBack(take *sqlcheck.Stmt, col string, from []string, to string) bool {
	flag := isFlag(to, setOf(from))
	for _, st := range b.statements() {
		if st.Stmt == take || st.Kind != sqlcheck.KindUpdate || st.Table != take.Table || !b.namesRows(st.Stmt) {
			continue
		}
		v, ok := st.Assigns(col)
		if !ok || v.Kind != sqlcheck.ValueConst || v.Str == to {
			continue
		}
		if slices.Contains(from, v.Str) || !flag && outcomeWord(v.Str) {
			return true
		}
	}
	return false
}

// nextRun reports whether an UPDATE that gives a row of a boolean queue
// back to its runnable value also moves the time a bulk take compares
// (SET running = false, next_run = $1 WHERE id = $2): a recurring job's
// next run, the end of this one. A flag has no state for a finished job;
// a retry leaves the due time, or is told apart by nothing.
func nextRun(qt *QueueTable, st *Statement, flag bool) bool {
	if !flag {
		return false
	}
	for _, take := range qt.Statements {
		if !slices.Contains(take.Polls, take.Stmt) {
			continue
		}
		for _, p := range take.Where {
			if !dueCondition(p) {
				continue
			}
			if v, ok := st.Assigns(p.Column); ok && v.Kind != sqlcheck.ValueConst {
				return true
			}
		}
	}
	return false
}
