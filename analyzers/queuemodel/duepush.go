package queuemodel

import (
	"regexp"
	"slices"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A queue whose polls wait for a due time (WHERE status = 'pending' AND
// next_retry_at <= now()) can put a job out of reach, and back, by moving
// that time alone, the state column left as it is:
//   - the claim step may push it ahead (SET attempts = attempts + 1,
//     next_retry_at = now() + interval '5 minutes' on the row a locked poll
//     found, before the work): no poll sees the row until then, a lease the
//     poll itself takes back once it expires (a visibility timeout);
//   - a failure may push it ahead by key, keeping the error (SET
//     next_retry_at = now() + $2, last_error = $3 WHERE id = $1), or
//     counting the attempt after the work in the poll's function: the
//     poll takes the job again later, a retry.
// A write of the due time that neither counts nor keeps an error is as
// much a recurring job's next run; it is left unread.

// clockAhead matches a time computed as the clock pushed ahead: now() +
// interval '5 minutes', now() + $2::interval.
var clockAhead = regexp.MustCompile(`(?i)^\s*\(?\s*(now\(\)|current_timestamp|clock_timestamp\(\)|statement_timestamp\(\)|transaction_timestamp\(\))\s*\+`)

// polledDueColumns returns the columns the table's polls compare as due:
// earlier than the clock, or than a Go time they are given.
func (b *builder) polledDueColumns(qt *QueueTable) []string {
	var out []string
	for _, st := range qt.Statements {
		for _, p := range st.Polls {
			if p.Table != qt.Name {
				continue
			}
			for _, col := range slices.Concat(expiredColumns(p.Where), b.dueColumns(st, p)) {
				if !slices.Contains(out, col) {
					out = append(out, col)
				}
			}
		}
	}
	return out
}

// pushesDue reports whether a statement sets a column the table's polls
// read as a due time to a later time: the clock pushed ahead, or a Go
// time it is given.
func (b *builder) pushesDue(qt *QueueTable, st *Statement) bool {
	due := b.polledDueColumns(qt)
	for _, a := range st.Set {
		if !slices.Contains(due, a.Column) {
			continue
		}
		switch a.Value.Kind {
		case sqlcheck.ValueNow:
			if clockAhead.MatchString(a.Value.Text) {
				return true
			}
		case sqlcheck.ValueParam:
			if b.goTime(st, a.Value.Param) {
				return true
			}
		}
	}
	return false
}

// retriesByDue reports whether an UPDATE by key that sets no state puts a
// failed job back by pushing its due time ahead, counting the attempt or
// keeping the error, on rows in a runnable state if it names any: see the
// comment at the top of the file.
func (b *builder) retriesByDue(qt *QueueTable, st *Statement, runnable map[string]bool) bool {
	if st.Kind != sqlcheck.KindUpdate || !b.namesRows(st.Stmt) || !b.pushesDue(qt, st) {
		return false
	}
	if _, filters := sqlcheck.FilterStates(st.Where, qt.StateColumn); filters && !onlyRunnable(st.Stmt, qt.StateColumn, runnable) {
		return false
	}
	// A count alone is also how a lease by due time counts its attempt
	// (dueLeaseStep): only one seen after the work is a retry.
	return keepsError(st) || attempts.Spends(st.Stmt) && b.marksAfterWork(qt, st)
}

// keepsError reports whether a statement records an error or a reason
// bound from Go (last_error = $2).
func keepsError(st *Statement) bool {
	return slices.ContainsFunc(st.Set, func(a sqlcheck.Assign) bool {
		return a.Value.Kind == sqlcheck.ValueParam && failureWords.MatchString(a.Column)
	})
}

// dueLeaseStep returns the statement that takes the job a locked poll
// found by pushing its due time ahead: the first UPDATE by key after the
// poll, in its function and before any work given the rows, that sets no
// state and pushes ahead a column the polls read as due.
func (b *builder) dueLeaseStep(poll *Statement, qt *QueueTable) *Statement {
	if !slices.ContainsFunc(poll.Polls, func(p *sqlcheck.Stmt) bool { return p.Lock != nil }) {
		return nil
	}
	var step *Statement
	for _, st := range qt.Statements {
		if st.Role != RoleNone || st.Kind != sqlcheck.KindUpdate || !byKey(st.Stmt) || st.PolledBy != nil {
			continue
		}
		if st.Call.Func == nil || st.Call.Func != poll.Call.Func || !poll.Before(st) {
			continue
		}
		if _, sets := st.Assigns(qt.StateColumn); sets || !b.pushesDue(qt, st) || b.afterWork(poll, st) {
			continue
		}
		if step == nil || st.Before(step) {
			step = st
		}
	}
	return step
}
