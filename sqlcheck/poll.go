package sqlcheck

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// IsPollShape reports whether a SELECT has the shape of a poll, the query
// that picks the next runnable job(s): it reads one table and either locks
// rows with SKIP LOCKED, or filters on a column and takes the first rows in
// some order (ORDER BY ... LIMIT). Whether the filtered column really is a
// job state is for the caller to confirm from what other statements do.
func IsPollShape(s *Stmt) bool {
	if s == nil || s.Kind != KindSelect || s.Table == "" {
		return false
	}
	if s.Joined {
		// The rows are those a WITH query or subquery names through the
		// join (FROM jobs JOIN input ON input.id = jobs.id ... FOR UPDATE
		// SKIP LOCKED locks a list of known jobs), not the first runnable
		// ones.
		return false
	}
	if s.Lock != nil && s.Lock.SkipLocked {
		// Skipping locked rows is what a poll does, unless the statement
		// locks one row it already knows (WHERE id = $1 FOR UPDATE SKIP
		// LOCKED): a poll takes the first rows, or all rows in a state.
		return s.Limit != nil || len(s.OrderBy) > 0 || hasConstFilter(s)
	}
	return s.Limit != nil && len(s.OrderBy) > 0 && len(StateFilters(s)) > 0
}

// IsFilteredPollShape reports whether a SELECT joined with a WITH query or
// subquery has a poll's shape once the join is read as a filter: it joins
// only on columns that name no row of its table (key says which do), as
// in FROM jobs j, open_queues q WHERE j.queue = q.name AND j.status =
// 'queued' ORDER BY j.id LIMIT 1, where the rows still come from the
// WHERE, the order and the limit. A SELECT that joins only tables and
// gives them no parameter (see NarrowedByTables) is read the same way
// whatever it joins on: FROM jobs j JOIN job_frontier f ON f.job_id = j.id
// WHERE j.status = 'queued' AND f.ready ORDER BY j.due_at LIMIT 10 FOR
// UPDATE SKIP LOCKED picks the next ready jobs.
func IsFilteredPollShape(s *Stmt, key func(cols []string) bool) bool {
	if s == nil || !s.Joined {
		return false
	}
	t := *s
	t.Joined = false
	if s.NarrowedByTables {
		return IsPollShape(&t)
	}
	return len(s.JoinCols) > 0 && IsPollShape(&t) && !key(s.JoinCols)
}

// StateFilters returns the predicates of s that select rows by a value of a
// column: col = 'x', col IN ('x', 'y'), col = $1, col IS [NOT] NULL,
// col <> 'x', col NOT IN (...), and ORs that restrict one column to
// constants or NULL (col = 'x' OR (col = 'y' AND lease < now())).
//
// An OR also restricts each other column that all its branches pin to
// constants or NULL: it is returned once more under that column, so that
// status is a state filter of (target IS NULL AND status = 'queued') OR
// (target = $2 AND status = 'queued') as much as target.
func StateFilters(s *Stmt) []Pred {
	var out []Pred
	for _, p := range s.Where {
		for _, col := range pinnedColumns(p) {
			q := p
			q.Column = col
			out = append(out, q)
		}
		if p.Column == "" {
			continue
		}
		if _, ok := predStates(p, p.Column); ok {
			out = append(out, p)
			continue
		}
		if (p.Op == OpEq || p.Op == OpIn) && allValues(p.Values, ValueConst, ValueParam) {
			out = append(out, p)
		}
	}
	return out
}

// pinnedColumns returns the columns other than its own that every branch
// of an OR restricts to constants or NULL, in the order they first appear;
// a column a branch only bounds (lease_until < now()) is a clock, not a
// state, and is left out.
func pinnedColumns(p Pred) []string {
	if p.Branches == nil {
		return nil
	}
	var cols []string
	var walk func([]Pred)
	walk = func(ps []Pred) {
		for _, q := range ps {
			if q.Column != "" && q.Column != p.Column && !slices.Contains(cols, q.Column) {
				cols = append(cols, q.Column)
			}
			for _, b := range q.Branches {
				walk(b)
			}
		}
	}
	for _, b := range p.Branches {
		walk(b)
	}
	return slices.DeleteFunc(cols, func(col string) bool {
		st, ok := predStates(p, col)
		return !ok || st.Not || slices.Contains(st.In, StateNotNull) || slices.Contains(st.Cond, StateNotNull)
	})
}

// IsConstFilter reports whether a state filter names its rows by constants
// or NULL, rather than by a parameter.
func IsConstFilter(p Pred) bool {
	_, ok := predStates(p, p.Column)
	return ok
}

func hasConstFilter(s *Stmt) bool {
	return slices.ContainsFunc(StateFilters(s), IsConstFilter)
}

// seekable reports whether a btree can start its scan at the rows a filter
// selects: an equality, an IN list, IS [NOT] NULL or an OR of those on one
// column; not <>.
func seekable(p Pred) bool {
	if p.Wrapped || p.OrNull {
		return false // lower(status) = 'queued' is no value of status to seek to; IS DISTINCT FROM reads NULL too
	}
	switch p.Op {
	case OpEq, OpIn, OpIsNull, OpIsNotNull:
		return true
	case OpOther:
		// An OR whose every branch pins the column to listed values, as in
		// status = 'queued' OR (status = 'failed' AND attempts < 5): the
		// planner ORs one index scan per branch (a BitmapOr).
		// A branch that only bounds the column (locked_at < now()) is not
		// a state the index can start at.
		s, ok := predStates(p, p.Column)
		return ok && !slices.Contains(slices.Concat(s.In, s.Cond), StateNotNull)
	}
	return false
}

// runnableFilters returns the state filters a btree can seek to that name
// their rows with constants (or IS [NOT] NULL). When no filter names rows
// by constants, it returns the seekable ones (queue = $1); when the only
// such filter cannot be sought (status <> 'done'), none. An Inert filter
// is none of them.
func runnableFilters(state []Pred) []Pred {
	var out, params []Pred
	consts := false
	for _, p := range state {
		switch {
		case p.Inert:
		case IsConstFilter(p):
			consts = true
			if seekable(p) {
				out = append(out, p)
			}
		case seekable(p):
			params = append(params, p)
		}
	}
	if !consts {
		return params
	}
	return out
}

func allValues(vs []Value, kinds ...ValueKind) bool {
	if len(vs) == 0 {
		return false
	}
	for _, v := range vs {
		ok := false
		for _, k := range kinds {
			ok = ok || v.Kind == k
		}
		if !ok {
			return false
		}
	}
	return true
}

// Verdict is whether an index serves a poll.
type Verdict int

const (
	NotServed Verdict = iota
	Served
	Unknown // an index jobqlint cannot evaluate might serve it
)

// PollIndex reports whether some index of t keeps poll from walking rows
// that are not runnable: a partial index whose predicate the poll's filters
// imply, or a btree whose leading keys are the poll's equality filters
// (covering a state filter) or its order. It returns the best index found.
func (t *Table) PollIndex(poll *Stmt) (*Index, Verdict) {
	best, verdict := (*Index)(nil), NotServed
	for _, idx := range t.Indexes {
		switch v := servesPoll(idx, poll); {
		case v == Served:
			return idx, Served
		case v == Unknown && verdict == NotServed:
			best, verdict = idx, Unknown
		}
	}
	if verdict == NotServed {
		if idx := t.armsServed(poll); idx != nil {
			return idx, Served
		}
	}
	return best, verdict
}

// armsServed returns, for a poll whose filter is an OR (status = 'queued'
// OR (status = 'running' AND locked_until < now())), the first of the
// partial indexes that serve its arms when each arm, with the filters
// beside the OR, implies the predicate of one: the planner reads each
// index and ORs the bitmaps (checked on PostgreSQL 15), reading no row
// outside the arms' states. The rows found are then sorted, but they are
// the waiting and expired ones only. Nil when an arm has no such index.
func (t *Table) armsServed(poll *Stmt) *Index {
	var or *Pred
	var rest []Pred
	for i, p := range poll.Where {
		switch {
		case len(p.Branches) == 0:
			rest = append(rest, p)
		case or != nil:
			return nil // two ORs: not judged
		default:
			or = &poll.Where[i]
		}
	}
	if or == nil {
		return nil
	}
	var first *Index
	for _, arm := range or.Branches {
		filters := append(slices.Clip(rest), arm...)
		i := slices.IndexFunc(t.Indexes, func(idx *Index) bool {
			return idx.Where != nil && implied(idx.Where, filters) == Served
		})
		if i < 0 {
			return nil
		}
		if first == nil {
			first = t.Indexes[i]
		}
	}
	return first
}

func servesPoll(idx *Index, poll *Stmt) Verdict {
	if idx.Where != nil {
		switch implied(idx.Where, poll.Where) {
		case Served:
			return Served // only runnable rows are in the index
		case Unknown:
			return Unknown
		}
		return NotServed // the planner cannot use it
	}
	state := StateFilters(poll)
	if slices.ContainsFunc(state, func(p Pred) bool { return p.Wrapped }) && slices.ContainsFunc(idx.Keys, func(k IndexKey) bool { return k.Column == "" }) {
		return Unknown // an index on an expression may be on lower(status)
	}
	eq := map[string]bool{}
	for _, p := range state {
		if seekable(p) {
			eq[p.Column] = true
		}
	}
	i := 0
	for i < len(idx.Keys) && idx.Keys[i].Column != "" && eq[idx.Keys[i].Column] {
		i++
	}
	if len(state) > 0 {
		// The scan starts at the runnable rows only if the equality prefix
		// covers a filter that names them: a constant state (status =
		// 'queued', finished_at IS NULL) when there is one, else any filter.
		for _, p := range runnableFilters(state) {
			for _, k := range idx.Keys[:i] {
				if k.Column == p.Column {
					return Served
				}
			}
		}
		return NotServed
	}
	// No filter to restrict by: the index must give the poll its order, or
	// (with no order) start at its range (WHERE available_at <= now()).
	if i >= len(idx.Keys) {
		return NotServed
	}
	k := idx.Keys[i]
	if len(poll.OrderBy) > 0 {
		if o := poll.OrderBy[0]; (k.Column != "" && k.Column == o.Column) || k.Expr == o.Expr {
			return Served
		}
		return NotServed
	}
	for _, p := range poll.Where {
		switch p.Op {
		case OpLt, OpLe, OpGt, OpGe:
			if k.Column != "" && k.Column == p.Column {
				return Served
			}
		}
	}
	return NotServed
}

// implied reports whether the conjunction of filters implies every conjunct
// of pred (Served), not all (NotServed), or cannot be told (Unknown).
func implied(pred, filters []Pred) Verdict {
	result := Served
	for _, atom := range pred {
		switch v := impliedAtom(atom, filters); v {
		case NotServed:
			return NotServed
		case Unknown:
			result = Unknown
		}
	}
	return result
}

func impliedAtom(atom Pred, filters []Pred) Verdict {
	for _, f := range filters {
		if f.Text == atom.Text {
			return Served
		}
	}
	if atom.Column == "" || atom.Wrapped || atom.OrNull {
		return Unknown
	}
	if slices.ContainsFunc(filters, func(f Pred) bool { return f.Column == atom.Column && (f.Wrapped || f.OrNull) }) {
		// COALESCE(status, 'new') NOT IN ('done') implies an index
		// predicate of its own text (above), not one on status.
		return Unknown
	}
	filters = sameForm(atom, filters)
	if want, ok := predStates(atom, atom.Column); ok {
		if have, ok := FilterStates(filters, atom.Column); ok && admitsOnly(have, want) {
			return Served
		}
	} else if atom.Op != OpIsNotNull {
		return Unknown // a range or an expression in the index predicate
	}
	for _, f := range filters {
		switch {
		case f.Column == atom.Column && f.Op != OpOther && anyValue(f.Values, ValueParam, ValueOther, ValueSubquery):
			return Unknown // status = $1 may be the index's state
		case atom.Op == OpIsNotNull && f.Column == atom.Column && isRange(f.Op):
			return Served // run_at <= now() is false for NULL, as PostgreSQL proves
		case f.Op == OpOther && mentions(f.Text, atom.Column):
			if _, ok := predStates(f, atom.Column); !ok {
				// A filter the tool does not model (a function, an OR
				// with a branch it cannot read) may still imply the atom.
				return Unknown
			}
		}
	}
	return NotServed
}

// sameForm drops the filters on an index predicate's column written in
// another boolean form: PostgreSQL 15 proves reminded IS FALSE only from
// reminded IS FALSE, reminded IS NOT TRUE only from itself, and NOT
// reminded (reminded = false, reminded <> true) only from one of those
// three (checked: TestFlagPollsOnPostgreSQL in package pollindex).
func sameForm(atom Pred, filters []Pred) []Pred {
	var out []Pred
	for _, f := range filters {
		if f.Column == atom.Column && f.BoolTest != atom.BoolTest {
			continue
		}
		out = append(out, f)
	}
	return out
}

// admitsOnly reports whether every state have admits, conditionally or
// not, want admits too: the poll's rows all satisfy the index predicate.
func admitsOnly(have, want States) bool {
	if have.Not && (!want.Not || !subset(want.In, have.In)) {
		return false
	}
	var vals []string
	if !have.Not {
		vals = have.In
	}
	for _, v := range append(slices.Clone(vals), have.Cond...) {
		if v == StateNotNull {
			if !want.Not || len(want.In) > 0 {
				return false
			}
			continue
		}
		if !want.Admits(v) {
			return false
		}
	}
	return true
}

func anyValue(vs []Value, kinds ...ValueKind) bool {
	for _, v := range vs {
		for _, k := range kinds {
			if v.Kind == k {
				return true
			}
		}
	}
	return false
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !contains(b, x) {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// SuggestPollIndex returns the CREATE INDEX CONCURRENTLY statement (it does
// not block writes while it builds, on a queue that is live) that would serve poll
// on t: partial on its constant state filters, keyed on its other equality
// filters and then its order (or its range column when it has no order).
func SuggestPollIndex(t *Table, poll *Stmt) string {
	var (
		keys  []string
		where []string
	)
	for _, p := range StateFilters(poll) {
		if !IsConstFilter(p) {
			keys = append(keys, p.Column)
		} else if w := predicate(p); w != "" {
			where = append(where, w)
		}
	}
	for _, o := range poll.OrderBy {
		k := o.Expr
		if o.Column != "" {
			k = o.Column // j.run_at means run_at in CREATE INDEX
		}
		if o.Desc {
			k += " DESC"
		}
		keys = append(keys, k)
	}
	if len(poll.OrderBy) == 0 {
		for _, p := range poll.Where {
			switch p.Op {
			case OpLt, OpLe, OpGt, OpGe:
				keys = append(keys, p.Column)
			}
		}
	}
	if len(keys) == 0 {
		keys = t.fallbackKey(poll)
	}
	_, name, _ := strings.Cut(t.Name, ".")
	stmt := fmt.Sprintf("CREATE INDEX CONCURRENTLY %s ON %s (%s)", t.freeIndexName(name+"_poll_idx"), displayName(t.Name), strings.Join(dedupe(keys), ", "))
	if len(where) > 0 {
		stmt += " WHERE " + strings.Join(where, " AND ")
	}
	return stmt
}

// predicate renders the states a filter admits as a partial index
// predicate, without the table qualifier a poll may use (j.status = 'queued'
// is status = 'queued'); an OR becomes the IN list it implies. It returns ""
// when the filter admits every value.
func predicate(p Pred) string {
	if p.Wrapped || p.OrNull {
		return p.indexText // the planner matches the conjunct as written (see impliedAtom)
	}
	st, _ := predStates(p, p.Column)
	lits := literals(p)
	col := p.Column
	if st.Not {
		switch len(st.In) {
		case 0:
			return col + " IS NOT NULL"
		case 1:
			return col + " <> " + lits(st.In[0])
		}
		return col + " NOT IN (" + strings.Join(mapList(st.In, lits), ", ") + ")"
	}
	vals := union(st.In, st.Cond)
	null, notNull := slices.Contains(vals, StateNull), slices.Contains(vals, StateNotNull)
	vals = slices.DeleteFunc(vals, func(v string) bool { return v == StateNull || v == StateNotNull })
	var in string
	switch {
	case notNull && null:
		return ""
	case notNull:
		return col + " IS NOT NULL"
	case len(vals) == 1:
		in = col + " = " + lits(vals[0])
	case len(vals) > 1:
		in = col + " IN (" + strings.Join(mapList(vals, lits), ", ") + ")"
	}
	switch {
	case null && in != "":
		return "(" + col + " IS NULL OR " + in + ")"
	case null:
		return col + " IS NULL"
	}
	return in
}

// literals returns a function giving the SQL text of each constant in p
// (and its branches), as the poll writes it.
func literals(p Pred) func(string) string {
	text := map[string]string{}
	var add func(p Pred)
	add = func(p Pred) {
		for _, v := range expandArrays(p.Values) {
			// A parameter bound to a constant ($1 given 'pending') has
			// no text an index predicate may hold: its value is quoted.
			if v.Kind == ValueConst && v.Param == 0 {
				if _, ok := text[v.Str]; !ok {
					text[v.Str] = v.Text
				}
			}
		}
		for _, b := range p.Branches {
			for _, q := range b {
				add(q)
			}
		}
	}
	add(p)
	return func(s string) string {
		if t, ok := text[s]; ok {
			return t
		}
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
}

func mapList(list []string, f func(string) string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = f(s)
	}
	return out
}

// freeIndexName returns name, or name with a number, so that it names no
// existing index of the table.
func (t *Table) freeIndexName(name string) string {
	taken := map[string]bool{}
	for _, idx := range t.Indexes {
		taken[idx.Name] = true
	}
	if !taken[name] {
		return name
	}
	for n := 2; ; n++ {
		if c := fmt.Sprintf("%s%d", name, n); !taken[c] {
			return c
		}
	}
}

// fallbackKey is the key for a poll with nothing to order or range on: the
// primary key, else the first filtered column.
func (t *Table) fallbackKey(poll *Stmt) []string {
	for _, idx := range t.Indexes {
		if idx.Primary && len(idx.Keys) > 0 {
			return []string{idx.Keys[0].Expr}
		}
	}
	for _, p := range poll.Where {
		if p.Column != "" {
			return []string{p.Column}
		}
	}
	return []string{"id"}
}

// displayName drops the default schema from a qualified name.
func displayName(table string) string {
	return strings.TrimPrefix(table, "public.")
}

func dedupe(list []string) []string {
	var out []string
	for _, s := range list {
		if !contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

var precision = regexp.MustCompile(`\(\s*\d+\s*\)`)

// IsTimestampWithoutZone reports whether t is timestamp without time zone.
func (t Type) IsTimestampWithoutZone() bool { return t.Name == "timestamp" }

// Timestamptz returns the text that replaces t's text to make the column
// timestamptz, keeping its precision: "timestamp(3)" becomes "timestamptz(3)".
func (t Type) Timestamptz() string {
	return "timestamptz" + precision.FindString(t.Text)
}

// Reports reports whether a statement is a SELECT that gives back a
// computed value (count(*), an expression) beside or instead of the rows'
// columns: a report on the rows it filters, which hands no row on for a
// second step to take back.
func Reports(s *Stmt) bool {
	if s.Kind != KindSelect {
		return false
	}
	for _, o := range s.Outputs {
		if o.Column == "" && !o.Star {
			return true
		}
	}
	return false
}
