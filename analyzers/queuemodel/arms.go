package queuemodel

import (
	"slices"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// An UPDATE may decide the state in SQL, row by row: SET status = CASE
// WHEN attempts >= max_retries THEN 'failed' WHEN status = 'processing'
// THEN 'pending' ELSE status END. Each arm of such a CASE moves the rows
// it picks to its own state, and plays its own role: here a terminal move
// at the attempt limit, and a reclaim of expired 'processing' rows.

// A Move is what one arm of a CASE on the state column does.
type Move struct {
	State string // the state the arm gives (sqlcheck.StateNull for NULL)
	// Rows are the rows the arm moves, as a disjunction of conjunctions:
	// each branch of the statement's WHERE with the arm's condition, less
	// the branches whose rows an earlier arm takes or that the condition
	// rules out.
	Rows [][]sqlcheck.Pred
	When []sqlcheck.Pred // the arm's condition; nil for the ELSE
	Role Role
}

// RechecksState reports whether every row the move can touch is picked by
// a filter on the state column: a job in any other state stays as it is.
func (mv Move) RechecksState(col string) bool {
	for _, rows := range mv.Rows {
		if _, ok := sqlcheck.FilterStates(rows, col); !ok {
			return false
		}
	}
	return len(mv.Rows) > 0
}

// moves returns the moves of an UPDATE whose state column is set by a
// CASE; nil for any other statement. An arm that keeps the state (ELSE
// status) or gives something other than a constant or NULL moves nothing.
func (qt *QueueTable) moves(st *Statement) []Move {
	col := qt.StateColumn
	if col == "" || st.Kind != sqlcheck.KindUpdate {
		return nil
	}
	v, ok := st.Assigns(col)
	if !ok || len(v.Arms) == 0 {
		return nil
	}
	branches := whereBranches(pickedBy(st.Stmt))
	var out []Move
	for i, arm := range v.Arms {
		state, ok := valueState(arm.Result, false)
		if !ok {
			continue // ELSE status keeps the state
		}
		mv := Move{State: state, When: arm.When}
		for _, br := range branches {
			if slices.ContainsFunc(v.Arms[:i], func(prev sqlcheck.Arm) bool { return implies(br, prev.When) }) {
				continue // an earlier arm takes these rows
			}
			rows := append(slices.Clone(br), arm.When...)
			if states, ok := sqlcheck.FilterStates(rows, col); ok && !states.Not && len(states.In) == 0 && len(states.Cond) == 0 {
				continue // status = 'done' AND status = 'processing'
			}
			mv.Rows = append(mv.Rows, rows)
		}
		if len(mv.Rows) > 0 {
			out = append(out, mv)
		}
	}
	return out
}

// pickedBy returns what picks the rows an UPDATE changes: its WHERE, and
// the filters of the SELECTs of the same table it nests (WHERE id IN
// (SELECT id FROM jobs WHERE state = 'running' AND ...)).
func pickedBy(s *sqlcheck.Stmt) []sqlcheck.Pred {
	where := slices.Clone(s.Where)
	s.Walk(func(n *sqlcheck.Stmt) {
		if n != s && n.Kind == sqlcheck.KindSelect && n.Table == s.Table {
			where = append(where, n.Where...)
		}
	})
	return where
}

// whereBranches splits a WHERE into the branches of its one top-level OR,
// each with the other conjuncts: a AND (b OR c) is (a AND b) OR (a AND c).
// A WHERE with no OR, or more than one, is one branch.
func whereBranches(where []sqlcheck.Pred) [][]sqlcheck.Pred {
	at := -1
	for i, p := range where {
		if len(p.Branches) > 0 {
			if at >= 0 {
				return [][]sqlcheck.Pred{where}
			}
			at = i
		}
	}
	if at < 0 {
		return [][]sqlcheck.Pred{where}
	}
	rest := slices.Delete(slices.Clone(where), at, at+1)
	var out [][]sqlcheck.Pred
	for _, br := range where[at].Branches {
		out = append(out, append(slices.Clone(rest), br...))
	}
	return out
}

// implies reports whether a conjunction holds every conjunct of cond, as
// written: its rows all satisfy cond. An ELSE (no cond) implies nothing.
func implies(conj, cond []sqlcheck.Pred) bool {
	if len(cond) == 0 {
		return false
	}
	for _, c := range cond {
		if !slices.ContainsFunc(conj, func(p sqlcheck.Pred) bool { return p.Text == c.Text }) {
			return false
		}
	}
	return true
}

// armRoles gives each move of a CASE-deciding UPDATE its role and returns
// the statement's: a move back to a runnable state of rows that are all
// in a claimed state and whose deadline is past is a reclaim; a move to a
// state that is neither runnable nor claimed is an outcome. The statement
// is a reclaim when one of its moves is.
func armRoles(qt *QueueTable, st *Statement, runnable, claimed map[string]bool) Role {
	role := RoleNone
	for i := range st.Moves {
		mv := &st.Moves[i]
		switch {
		case runnable[mv.State] && reclaimsRows(mv.Rows, qt.StateColumn, claimed):
			mv.Role = RoleReclaim
			role = RoleReclaim
		case runnable[mv.State] && byKey(st.Stmt):
			mv.Role = RoleRetry
		case !runnable[mv.State] && !claimed[mv.State]:
			mv.Role = RoleComplete
			if failureLike(qt, st, mv.State) {
				mv.Role = RoleFail
			}
		}
	}
	return role
}

// reclaimsRows reports whether every branch of rows picks jobs in a
// claimed state only, and only those whose deadline is past.
func reclaimsRows(rows [][]sqlcheck.Pred, col string, claimed map[string]bool) bool {
	for _, br := range rows {
		states, ok := sqlcheck.FilterStates(br, col)
		if !ok || states.Not || len(states.In) == 0 || !allIn(states.In, claimed) || !expiresLease(&sqlcheck.Stmt{Where: br}) {
			return false
		}
	}
	return len(rows) > 0
}

func allIn(list []string, set map[string]bool) bool {
	for _, s := range list {
		if !set[s] {
			return false
		}
	}
	return true
}
