package queuemodel

import (
	"go/ast"
	"slices"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A helper that binds the state its callers choose (save(ctx, j) with
// j.Status set before the call, setStatus(ctx, id, Done)) plays, at each
// call, the role of the state that call gives. Its statement is read once
// per state (one view each), views of one role are merged, and each keeps
// which call gave which state, so that a rule judging one call (its error
// dropped, its guard) asks about the state given there.

// giveAt records that the call at gives the statement the view v.
func (st *Statement) giveAt(at ast.Node, v *sqlcheck.Stmt) {
	if st.givenAt == nil {
		st.givenAt = map[ast.Node][]*sqlcheck.Stmt{}
	}
	if !slices.Contains(st.givenAt[at], v) {
		st.givenAt[at] = append(st.givenAt[at], v)
	}
}

// mergeGiven keeps, in a view merged with another, what the other's
// calls give.
func (st *Statement) mergeGiven(other *Statement) {
	for at, vs := range other.givenAt {
		for _, v := range vs {
			st.giveAt(at, v)
		}
	}
}

// SucceedsAt reports whether the call at, through which the statement's
// state is bound (one of BoundAt), gives it a state that records success
// (see Succeeds): save(ctx, j) after j.Status = Done does, the same call
// after j.Status = Rendering does not.
func (qt *QueueTable) SucceedsAt(st *Statement, at ast.Node) bool {
	for _, v := range st.givenAt[at] {
		if qt.Succeeds(&Statement{Stmt: v, Call: st.Call}) {
			return true
		}
	}
	return false
}

// GivesState reports whether the call at gives the statement its state
// (one of BoundAt): what it records there is the state given.
func (st *Statement) GivesState(at ast.Node) bool { return len(st.givenAt[at]) > 0 }

// GivenBy returns the calls (of BoundAt) that give the statement the
// state this view assigns to the table's state column, in source order:
// where a rule's finding about this view is decided.
func (qt *QueueTable) GivenBy(st *Statement) []ast.Node {
	state, ok := qt.AssignedState(st)
	if !ok {
		return nil
	}
	var out []ast.Node
	for at, views := range st.givenAt {
		for _, v := range views {
			if s, ok := qt.AssignedState(&Statement{Stmt: v, Call: st.Call}); ok && s == state {
				out = append(out, at)
				break
			}
		}
	}
	slices.SortFunc(out, func(a, b ast.Node) int { return int(a.Pos() - b.Pos()) })
	return out
}
