package queuemodel

import (
	"regexp"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// dropSweeps takes the poll role from the statements of a sweep: an expiry
// janitor that finds rows by state and deadline, locks them (FOR UPDATE
// SKIP LOCKED, so that two janitors share the work) and moves them
// straight to a state that says they ended, with no work between and
// nothing handed back but their keys. It hands no job to anyone: like a
// DELETE without RETURNING it is a purge, and the table is no queue for
// it (resumable upload sessions expired by a janitor, where a user's
// chunk upload then sets the session back to 'uploading').
//
// Either one statement (UPDATE ... SET status = 'expired' WHERE id IN
// (SELECT ... FOR UPDATE SKIP LOCKED), nothing returned), or a locked
// SELECT of the keys alone and, after it in the same function with no
// call that may fail between, UPDATEs of the table that each set such a
// state and return nothing.
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
		case st.Kind == sqlcheck.KindUpdate && st.Table == poll.Table && endsRows(st.Stmt, col):
		case st.Kind == sqlcheck.KindSelect && st.Lock != nil && b.readsOnlyKeys(st.Stmt) && b.endedAfter(st, col):
		default:
			continue
		}
		st.Polls, st.Role = nil, RoleNone
	}
}

// endsRows reports whether an UPDATE moves the rows it changes to a state
// whose name says they ended, and returns nothing.
func endsRows(s *sqlcheck.Stmt, col string) bool {
	v, ok := s.Assigns(col)
	return ok && s.Returning == nil && v.Kind == sqlcheck.ValueConst && (outcomeWord(v.Str) || endedWords.MatchString(v.Str))
}

// endedWords name the ends a row meets without being worked (beyond
// outcomeWord's): expired, archived, purged, stale, timed out.
var endedWords = regexp.MustCompile(`(?i)expire|archiv|purge|stale|timed_?out|obsolete`)

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

// endedAfter reports whether, after a locked SELECT and in its function,
// every UPDATE of its table ends the rows (see endsRows), at least one
// does, and no call that may fail runs between the SELECT and them.
func (b *builder) endedAfter(sel *Statement, col string) bool {
	if sel.Call.instr == nil {
		return false
	}
	ends := 0
	for _, st := range b.statements() {
		if st == sel || st.Call.instr == nil || st.Call.instr.Parent() != sel.Call.instr.Parent() || st.Table != sel.Table {
			continue
		}
		if !effects.Before(sel.Call.instr, st.Call.instr) {
			continue
		}
		if st.Kind != sqlcheck.KindUpdate || !endsRows(st.Stmt, col) || effects.FailableBetween(sel.Call.instr, st.Call.instr) {
			return false
		}
		ends++
	}
	return ends > 0
}
