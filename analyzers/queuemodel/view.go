package queuemodel

import (
	"regexp"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// What the model view shows of a queue table beyond its states: read from
// the statements, for people asking what the tool understood. No rule
// reads these.

// Terminal returns the states the table's completions and failures move
// jobs to, sorted.
func (t *QueueTable) Terminal() []string {
	set := map[string]bool{}
	for _, st := range t.Statements {
		if st.Role != RoleComplete && st.Role != RoleFail {
			continue
		}
		if v, ok := t.AssignedState(st); ok {
			set[v] = true
		}
	}
	return sortedSet(set)
}

// clockExpr matches SQL that computes a time from the clock or from a
// timestamp parameter.
var clockExpr = regexp.MustCompile(`(?i)\b(now|clock_timestamp|statement_timestamp|transaction_timestamp)\s*\(|\bcurrent_timestamp\b|\$\d+\s*::\s*timestamp`)

// LeaseColumns returns the columns the table's claims set to a time (a
// lease deadline, or the time the job was taken), sorted.
func (t *QueueTable) LeaseColumns() []string {
	set := map[string]bool{}
	for _, st := range t.Statements {
		if st.Role != RoleClaim {
			continue
		}
		for _, a := range st.Set {
			if a.Value.Kind == sqlcheck.ValueNow || clockExpr.MatchString(a.Value.Text) {
				set[a.Column] = true
			}
		}
	}
	return sortedSet(set)
}

// StateFromCaller reports whether an UPDATE by key of the package saves
// a job its callers give, state and all, from the fields of their struct
// (SET status = $2, result = $3 WHERE id = $1, bound from job.Status,
// which the model cannot read): the job's state machine runs in Go, in
// callers that may put a job back in a runnable state (a reaper that
// reads heartbeats kept elsewhere) or fail it, and the package cannot
// tell which.
func (t *QueueTable) StateFromCaller() bool {
	for _, st := range t.Statements {
		if st.savesState {
			return true
		}
	}
	return false
}

// AttemptColumns returns the columns the table's statements count attempts
// in: set to themselves plus a number (attempts = attempts + 1), sorted.
func (t *QueueTable) AttemptColumns() []string {
	set := map[string]bool{}
	for _, st := range t.Statements {
		for _, a := range st.Set {
			if Increments(a) {
				set[a.Column] = true
			}
		}
	}
	return sortedSet(set)
}

// Increments reports whether an assignment adds a number to the column it
// sets (attempts = attempts + 1): a count.
func Increments(a sqlcheck.Assign) bool {
	col := `(\w+\.)?"?` + regexp.QuoteMeta(a.Column) + `"?`
	return regexp.MustCompile(`^\s*(` + col + `\s*\+\s*\d+|\d+\s*\+\s*` + col + `)\s*$`).MatchString(a.Value.Text)
}
