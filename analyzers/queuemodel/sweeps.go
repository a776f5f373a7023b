package queuemodel

import (
	"regexp"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// dropSweeps takes the poll role from the statements of a sweep: an expiry
// janitor or a retention run that finds rows by state and age, locks them
// or not (FOR UPDATE SKIP LOCKED lets two janitors share the work; without
// it two runs end the same rows twice, which changes nothing), and moves
// them straight to a state that says they ended, with no work between and
// nothing handed back but their keys. It hands no job to anyone: like a
// DELETE without RETURNING it is a purge, and the table is no queue for
// it (resumable upload sessions expired by a janitor, where a user's
// chunk upload then sets the session back to 'uploading').
//
// Either one statement (UPDATE ... SET status = 'expired' WHERE id IN
// (SELECT ... FOR UPDATE SKIP LOCKED), nothing returned), or a SELECT of
// the keys alone and, after it in the same function with no call that may
// fail between, UPDATEs of the table that each set such a state and return
// nothing.
func (b *builder) dropSweeps(written map[string]map[string]bool) {
	for _, st := range b.statements() {
		if len(st.Polls) == 0 {
			continue
		}
		poll := st.Polls[0]
		col := b.stateColumn(poll, st.Stmt, written[poll.Table])
		if col == "" {
			continue
		}
		switch {
		case st.Kind == sqlcheck.KindUpdate && st.Table == poll.Table && endsRows(st.Stmt, col, outcomeOrEnded):
		case st.Kind == sqlcheck.KindUpdate && st.Table == poll.Table && randomPick(poll) && handsNothing(st.Stmt):
			// One row picked at random and changed blind: no queue order,
			// nothing returned, nothing written that the caller chose to
			// find the row by later (a demo that resolves a random firing
			// alert). No one is handed a job, whatever the state is named.
		case st.Kind == sqlcheck.KindSelect && b.readsOnlyKeys(st.Stmt) && b.endedAfter(st, col, outcomeOrEnded):
		case st.Kind == sqlcheck.KindSelect && b.endedAfter(st, col, endedWords.MatchString):
			// Whole rows, marked expired or deleted: what the caller gets
			// back is what ended (to free its storage, to tell its owner),
			// not a job to run. Rows marked done or sent before they are
			// handed on are a claim (at most once): see outcomeOrEnded.
		default:
			continue
		}
		st.Polls, st.Role = nil, RoleNone
	}
}

// endsRows reports whether an UPDATE moves the rows it changes to a
// constant state for which ended holds (a name that says the rows
// ended), and returns nothing.
func endsRows(s *sqlcheck.Stmt, col string, ended func(string) bool) bool {
	v, ok := s.Assigns(col)
	return ok && s.Returning == nil && v.Kind == sqlcheck.ValueConst && ended(v.Str)
}

// outcomeOrEnded reports whether a state's name says a row ended, worked
// (done, sent) or not (expired, deleted).
func outcomeOrEnded(state string) bool {
	return outcomeWord(state) || endedWords.MatchString(state)
}

// endedWords name the ends a row meets without being worked (beyond
// outcomeWord's): expired, archived, purged, deleted, stale, timed out.
var endedWords = regexp.MustCompile(`(?i)expire|archiv|purge|delet|stale|timed_?out|obsolete`)

// readsOnlyKeys reports whether a SELECT returns nothing but its table's
// key: the primary key's columns, or id when the schema is not known.
func (b *builder) readsOnlyKeys(s *sqlcheck.Stmt) bool {
	keys := map[string]bool{}
	if t := b.model.Schema().Table(s.Table); t != nil {
		for _, idx := range t.Indexes {
			if idx.Primary {
				for _, k := range idx.Keys {
					keys[k.Column] = true
				}
			}
		}
	} else {
		keys["id"] = true
	}
	if len(s.Outputs) == 0 {
		return false
	}
	for _, o := range s.Outputs {
		switch {
		case o.Star:
			return false
		case o.Column != "":
			if !keys[o.Column] {
				return false
			}
		case len(o.Reads) == 1 && keys[o.Reads[0]]:
			// id::text
		default:
			return false
		}
	}
	return true
}

// endedAfter reports whether, after a SELECT and in its function (or in a
// helper of the package it calls there), every statement that writes its
// table is an UPDATE that ends the rows (see endsRows), there is one, and
// no call that may fail runs between the SELECT and them.
func (b *builder) endedAfter(sel *Statement, col string, ended func(string) bool) bool {
	from := sel.Call.ssaCall()
	if from == nil {
		return false
	}
	ends := 0
	for _, st := range b.statements() {
		if st.Kind == sqlcheck.KindSelect || st.Table != sel.Table {
			continue // reads (the SELECT's other views among them) change nothing
		}
		for _, to := range b.reachedFrom(from, st.Call.ssaCall()) {
			if st.Kind != sqlcheck.KindUpdate || !endsRows(st.Stmt, col, ended) || effects.FailableBetween(from, to) {
				return false
			}
			ends++
		}
	}
	return ends > 0
}

// reachedFrom returns where, after from in its function, the statement
// call to runs: to itself, or the calls of the package's helper holding
// to (one level down).
func (b *builder) reachedFrom(from, to ssa.CallInstruction) []ssa.CallInstruction {
	if to == nil {
		return nil
	}
	if to.Parent() == from.Parent() {
		if effects.Before(from, to) {
			return []ssa.CallInstruction{to}
		}
		return nil
	}
	var out []ssa.CallInstruction
	for _, c := range b.effects.CallersOf(to.Parent()) {
		if c.Parent() == from.Parent() && effects.Before(from, c) {
			out = append(out, c)
		}
	}
	return out
}

// randomPick reports whether a poll orders its rows by random() first: it
// takes any row, not the next one in a queue's order.
func randomPick(poll *sqlcheck.Stmt) bool {
	return len(poll.OrderBy) > 0 && randomKey.MatchString(poll.OrderBy[0].Expr)
}

var randomKey = regexp.MustCompile(`(?i)^\s*random\(\s*\)\s*$`)

// handsNothing reports whether an UPDATE returns nothing and writes only
// values its caller did not choose (constants, the clock, NULL, other
// columns, expressions over those): no bind parameter in its SET, so no
// worker's name or token marks the rows it changed for a later read.
func handsNothing(s *sqlcheck.Stmt) bool {
	if s.Returning != nil || len(s.Set) == 0 {
		return false
	}
	for _, a := range s.Set {
		switch a.Value.Kind {
		case sqlcheck.ValueConst, sqlcheck.ValueNow, sqlcheck.ValueNull, sqlcheck.ValueColumn:
		case sqlcheck.ValueOther:
			if bindParam.MatchString(a.Value.Text) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

var bindParam = regexp.MustCompile(`\$[0-9]|@[A-Za-z_]`)
