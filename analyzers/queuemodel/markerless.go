package queuemodel

import (
	"slices"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A relay with no marker: an outbox whose rows are the pending messages
// themselves. The relay reads the oldest rows, every row being pending
// (SELECT ... FROM outbox ORDER BY id LIMIT 100: no WHERE), hands them on,
// then deletes what it handed on, by their keys (id = ANY($1)) or up to
// the last key it read (id <= $1). Nothing marks a row: its presence is
// its state. As with a marked relay (relay.go), the read is the poll and
// the delete the outcome, and two relays running at once publish the
// same rows.
//
// What tells it from a listing and a delete (a page of users, a user
// deleted by key) or a pruning (read the oldest ids, delete them) is the
// hand-off: in one function, the rows go to work that may fail between
// the read and the delete; split over a store's methods (sqlc's), the
// delete takes every row up to a key the caller gives on the column the
// read orders by, the prefix it read, which no listing's delete does.

// markerlessRelays makes relay queues of the tables read and deleted so,
// among those no statement polls.
func (b *builder) markerlessRelays() {
	for _, poll := range b.statements() {
		s := poll.Stmt
		if poll.Role != RoleNone || len(poll.Polls) > 0 || !readsHead(s) || b.model.Tables[s.Table] != nil {
			continue
		}
		var marks []*Statement
		for _, del := range b.statements() {
			if del.Role != RoleNone || del.Kind != sqlcheck.KindDelete || del.Table != s.Table {
				continue
			}
			inOne := b.namesRows(del.Stmt) || deletesUpTo(del.Stmt, s.OrderBy[0].Column)
			if inOne && b.relayInOneFunc(poll, del) ||
				deletesUpTo(del.Stmt, s.OrderBy[0].Column) && b.soleStatement(poll.Call) && b.soleStatement(del.Call) && poll.Call.Decl != del.Call.Decl {
				marks = append(marks, del)
			}
		}
		if len(marks) == 0 {
			continue
		}
		qt := b.table(s.Table)
		qt.Local = true
		if qt.relayMarks == nil {
			qt.relayMarks = map[*Statement][]*Statement{}
		}
		qt.relayMarks[poll] = marks
		poll.Polls, poll.Role = []*sqlcheck.Stmt{s}, RolePoll
		for _, m := range marks {
			m.Role = RoleComplete
		}
		for _, st := range b.statements() {
			if st.On() == qt.Name && !slices.Contains(qt.Statements, st) {
				qt.Statements = append(qt.Statements, st)
			}
		}
	}
	for _, qt := range b.model.Tables {
		if qt.StateColumn != "" || !qt.Relay() {
			continue
		}
		for _, st := range qt.Statements {
			if st.Kind == sqlcheck.KindInsert && st.Role == RoleNone {
				st.Role = RoleEnqueue
			}
		}
	}
}

// readsHead reports whether a SELECT reads the first rows of its table,
// every row qualifying: no WHERE, no join, an ORDER BY on a column, a
// LIMIT (a batch; a read of every row at once is as much a one-off
// copy's), no OFFSET (a cut-off for a pruning), no lock (a locked read
// keeps a second relay out until the delete commits).
func readsHead(s *sqlcheck.Stmt) bool {
	return s.Kind == sqlcheck.KindSelect && s.Table != "" && len(s.Where) == 0 && !s.Joined &&
		len(s.OrderBy) > 0 && s.OrderBy[0].Column != "" && s.Limit != nil && s.Offset == nil && s.Lock == nil
}

// deletesUpTo reports whether a DELETE's WHERE is only col <= $n (or <):
// every row up to a key its caller gives.
func deletesUpTo(s *sqlcheck.Stmt, col string) bool {
	if len(s.Where) != 1 {
		return false
	}
	p := s.Where[0]
	return p.Column == col && (p.Op == sqlcheck.OpLe || p.Op == sqlcheck.OpLt) && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam
}
