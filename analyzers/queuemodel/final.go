package queuemodel

import (
	"go/ast"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A job a worker takes comes out of its in-progress state again: the
// worker records the outcome (SET status = 'done' WHERE id = $1, or a
// DELETE by key), a failure puts it back, a reaper returns it once its
// lease expired. An UPDATE by key that moves a row to a state no
// statement of the module ever moves it out of takes nothing to work on:
// it ends the row (SET status = 'deprecated' WHERE id = ANY($2) AND status
// = 'active' on duplicate memories; a soft delete, SET deleted_at = now()
// WHERE id = $1 AND deleted_at IS NULL, from an API call). The name of
// the state must say so too for a compare-and-set (see endedName): a
// claim to 'running' whose outcome is out of sight is still a claim.

// leftAgain reports whether some statement of the module may move a row
// of qt that is in state v (of the state column) to another state: an
// UPDATE that writes the column anything but v on rows its WHERE admits
// in v, an INSERT ... ON CONFLICT DO UPDATE that does, or a DELETE by key
// that admits v (a worker deleting the job it finished; a purge by age or
// by owner ends rows, it completes no job). Statements of the package,
// Go literals of the rest of the module, and SQL the package could not
// read that names the table and the column (it may write either) count;
// self does not.
func (b *builder) leftAgain(qt *QueueTable, v string, self *Statement) bool {
	col := qt.StateColumn
	exits := func(s *sqlcheck.Stmt) bool {
		found := false
		s.Walk(func(n *sqlcheck.Stmt) {
			if !found && n.Table == qt.Name && b.movesOut(n, col, v, qt.nullState) {
				found = true
			}
		})
		return found
	}
	for _, st := range b.statements() {
		if st != self && st.Stmt != self.Stmt && exits(st.Stmt) {
			return true
		}
	}
	for _, s := range b.model.ModuleStatements() {
		if exits(s) {
			return true
		}
	}
	for _, c := range b.model.Calls {
		if !c.Known && c.SQLExpr != nil && literalsName(c.SQLExpr, qt.Name, col) {
			return true
		}
	}
	return false
}

// movesOut reports whether one statement may move a row in state v out
// of it (see leftAgain).
func (b *builder) movesOut(s *sqlcheck.Stmt, col, v string, nullState bool) bool {
	switch s.Kind {
	case sqlcheck.KindDelete:
		return b.namesRows(s) && admits(s.Where, col, v)
	case sqlcheck.KindUpdate, sqlcheck.KindInsert:
		if s.Kind == sqlcheck.KindInsert && !s.ConflictUpdate {
			return false
		}
		i := slices.IndexFunc(s.Set, func(a sqlcheck.Assign) bool { return a.Column == col })
		if i < 0 {
			return false
		}
		if to, ok := valueState(s.Set[i].Value, nullState); ok && to == v {
			return false // writes the same state again
		}
		if s.Kind == sqlcheck.KindInsert {
			return true // the conflicting row may be in any state
		}
		return admits(pickedBy(s), col, v)
	}
	return false
}

// admits reports whether a WHERE may match a row in state v of col.
func admits(where []sqlcheck.Pred, col, v string) bool {
	states, ok := sqlcheck.FilterStates(where, col)
	switch {
	case !ok:
		return true
	case states.Not && v == sqlcheck.StateNull:
		return states.Null
	case states.Not:
		return !slices.Contains(states.In, v)
	}
	return slices.Contains(states.In, v) || slices.Contains(states.Cond, v)
}

// literalsName reports whether the string literals of an expression may
// write a table's column: they name it after UPDATE or DELETE FROM (or
// INSERT INTO with ON CONFLICT), and name the column. A read of the table
// changes nothing.
func literalsName(e ast.Expr, table, col string) bool {
	name := regexp.QuoteMeta(table[strings.LastIndex(table, ".")+1:])
	var text strings.Builder
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil {
				text.WriteString(s)
				text.WriteByte(' ')
			}
		}
		return true
	})
	sql := text.String()
	writes := regexp.MustCompile(`(?is)\b(update(\s+only)?|delete\s+from)\s+("?\w+"?\.)?"?`+name+`"?(\s|$)`).MatchString(sql) ||
		regexp.MustCompile(`(?is)\binsert\s+into\s+("?\w+"?\.)?"?`+name+`"?\b.*\bon\s+conflict\b`).MatchString(sql)
	return writes && regexp.MustCompile(`(?i)\b`+regexp.QuoteMeta(col)+`\b`).MatchString(sql)
}

// endsForGood reports whether an UPDATE by key moves rows to a state v
// that nothing moves them out of again (see leftAgain). A state whose
// name says the job succeeded is left out: marking a row done or sent
// before its work is handed on is a claim (at most once) whether or not
// anything leaves that state.
func (b *builder) endsForGood(qt *QueueTable, st *Statement, v string) bool {
	return qt.StateColumn != "" && !qt.successLike(v) && !b.leftAgain(qt, v, st)
}

// endedName reports whether a state's name, or the Go constant that names
// it, says the row ended without being worked: deprecated, superseded,
// expired, archived, deleted. A compare-and-set by key to such a state
// that nothing leaves ends rows; one to any other state (running) stays a
// claim even when the module shows no outcome for it, since a claim whose
// completion is out of sight is a claim all the same.
// With the state kept in whether a column is set, the column names it:
// SET deleted_at = now() (archived_at, expired_at).
func endedName(qt *QueueTable, v string) bool {
	if v == sqlcheck.StateNotNull {
		return endedState.MatchString(qt.StateColumn)
	}
	return endedState.MatchString(v) || endedState.MatchString(qt.StateName(v))
}

var endedState = regexp.MustCompile(`(?i)deprecat|supersed|retired|` + endedWords.String())

// stepEndsForGood reports whether the UPDATE by key that follows a SELECT
// moves the row to a state nothing leaves (see endsForGood), and the
// SELECT named that row by the same key (WHERE id = $1 AND deleted_at IS
// NULL, then UPDATE ... WHERE id = $1): it looked up the row its caller
// gave, it did not pick the next job. A SELECT that picks by state or by
// another column (WHERE queue = $1 AND status = 'queued') keeps its step,
// whatever leaves the state it moves the job to.
func (b *builder) stepEndsForGood(qt *QueueTable, poll, step *Statement) bool {
	v, ok := qt.AssignedState(step)
	if !ok {
		return false
	}
	pollKeys, stepKeys := boundColumns(poll.Stmt), boundColumns(step.Stmt)
	if len(stepKeys) == 0 {
		return false
	}
	for c := range stepKeys {
		if !pollKeys[c] {
			return false
		}
	}
	return b.endsForGood(qt, step, v)
}

// boundColumns returns the columns a statement's WHERE binds to a
// parameter by equality (id = $1, id = ANY($1)).
func boundColumns(s *sqlcheck.Stmt) map[string]bool {
	out := map[string]bool{}
	for _, p := range keyPreds(s) {
		if (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn) && p.Column != "" && len(p.Values) > 0 && p.Values[0].Kind == sqlcheck.ValueParam {
			out[p.Column] = true
		}
	}
	return out
}
