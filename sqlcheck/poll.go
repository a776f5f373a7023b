package sqlcheck

import (
	"fmt"
	"regexp"
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
	if s.Lock != nil && s.Lock.SkipLocked {
		// Skipping locked rows is what a poll does, unless the statement
		// locks one row it already knows (WHERE id = $1 FOR UPDATE SKIP
		// LOCKED): a poll takes the first rows, or all rows in a state.
		return s.Limit != nil || len(s.OrderBy) > 0 || hasConstFilter(s)
	}
	return s.Limit != nil && len(s.OrderBy) > 0 && len(StateFilters(s)) > 0
}

// StateFilters returns the predicates of s that select rows by a value of a
// column: col = 'x', col IN ('x', 'y'), col = $1, col IS [NOT] NULL.
func StateFilters(s *Stmt) []Pred {
	var out []Pred
	for _, p := range s.Where {
		if p.Column == "" {
			continue
		}
		switch p.Op {
		case OpIsNull, OpIsNotNull:
			out = append(out, p)
		case OpEq, OpIn:
			if allValues(p.Values, ValueConst, ValueParam) {
				out = append(out, p)
			}
		}
	}
	return out
}

func hasConstFilter(s *Stmt) bool {
	for _, p := range StateFilters(s) {
		if p.Op == OpIsNull || p.Op == OpIsNotNull || allValues(p.Values, ValueConst) {
			return true
		}
	}
	return false
}

// runnableFilters returns the state filters that name their rows with
// constants (or IS [NOT] NULL); when there are none, all of them.
func runnableFilters(state []Pred) []Pred {
	var out []Pred
	for _, p := range state {
		if p.Op == OpIsNull || p.Op == OpIsNotNull || allValues(p.Values, ValueConst) {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		return state
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
	return best, verdict
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
	eq := map[string]bool{}
	for _, p := range state {
		eq[p.Column] = true
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
	result := NotServed
	for _, f := range filters {
		if f.Text == atom.Text {
			return Served
		}
		if atom.Column == "" || f.Column != atom.Column {
			continue
		}
		switch v := impliedBy(atom, f); v {
		case Served:
			return Served
		case Unknown:
			result = Unknown
		}
	}
	if atom.Column == "" || atom.Op == OpOther {
		return Unknown
	}
	if result == NotServed {
		// A filter the tool does not model (an OR, a function) may still
		// imply the atom: status = 'a' OR (status = 'b' AND ...) implies
		// status IN ('a', 'b'), and the planner sees it.
		for _, f := range filters {
			if f.Op == OpOther && mentions(f.Text, atom.Column) {
				return Unknown
			}
		}
	}
	return result
}

// impliedBy reports whether filter f (on the same column) implies atom.
func impliedBy(atom, f Pred) Verdict {
	if f.Op == OpOther || anyValue(f.Values, ValueParam, ValueOther, ValueSubquery) {
		return Unknown
	}
	fvals, fconst := constSet(f)
	avals, aconst := constSet(atom)
	switch atom.Op {
	case OpEq, OpIn:
		if !aconst {
			return Unknown
		}
		if fconst && subset(fvals, avals) {
			return Served
		}
	case OpNe, OpNotIn:
		if !aconst {
			return Unknown
		}
		if fconst && disjoint(fvals, avals) {
			return Served
		}
	case OpIsNotNull:
		if f.Op != OpIsNull && !anyValue(f.Values, ValueNull) {
			return Served
		}
	case OpIsNull:
		if f.Op == OpIsNull {
			return Served
		}
	default:
		return Unknown
	}
	return NotServed
}

// constSet returns the constants an =/IN predicate allows.
func constSet(p Pred) ([]string, bool) {
	if (p.Op != OpEq && p.Op != OpIn && p.Op != OpNe && p.Op != OpNotIn) || !allValues(p.Values, ValueConst) {
		return nil, false
	}
	out := make([]string, len(p.Values))
	for i, v := range p.Values {
		out[i] = v.Str
	}
	return out, true
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

func disjoint(a, b []string) bool {
	for _, x := range a {
		if contains(b, x) {
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
		if _, ok := constSet(p); ok || p.Op == OpIsNull || p.Op == OpIsNotNull {
			where = append(where, unqualified(p))
		} else {
			keys = append(keys, p.Column)
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

// unqualified renders a state filter without its table qualifier, as a
// partial index predicate needs: j.status = 'queued' is status = 'queued'.
func unqualified(p Pred) string {
	vals := make([]string, len(p.Values))
	for i, v := range p.Values {
		vals[i] = v.Text
	}
	switch p.Op {
	case OpIsNull:
		return p.Column + " IS NULL"
	case OpIsNotNull:
		return p.Column + " IS NOT NULL"
	case OpIn:
		return p.Column + " IN (" + strings.Join(vals, ", ") + ")"
	case OpEq:
		if len(vals) == 1 {
			return p.Column + " = " + vals[0]
		}
	}
	return p.Text
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
