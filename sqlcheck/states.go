package sqlcheck

import "slices"

// NULL as a state, and any value as one: a queue may keep its state in
// whether a column is set (locked_at IS NULL is runnable, SET locked_at =
// now() claims, SET locked_at = NULL puts the job back).
const (
	StateNull    = "(null)"     // the column is NULL
	StateNotNull = "(not null)" // the column holds some value
)

// States is the set of values a filter lets one column take.
type States struct {
	// In lists the values admitted, StateNull and StateNotNull among them;
	// with Not, the values excluded.
	In []string
	// Not says that every non-null value but those in In is admitted:
	// status <> 'done', status NOT IN ('done', 'failed'), locked_at IS NOT NULL.
	Not bool
	// Null says that, with Not, NULL is admitted too: status IS DISTINCT
	// FROM 'sent', COALESCE(status, '') NOT IN ('pending', 'processed').
	Null bool
	// Cond lists values admitted only under a further condition, by a
	// branch of an OR: 'running' in
	// status = 'queued' OR (status = 'running' AND locked_until < now()).
	Cond []string
}

// FilterStates returns the states a WHERE clause admits in column col. It
// reports false when no conjunct restricts col to constants or NULL (no
// filter on col, col = $1, or an OR with a branch that leaves col free).
func FilterStates(where []Pred, col string) (States, bool) {
	var (
		out States
		ok  bool
	)
	for _, p := range where {
		s, restricts := predStates(p, col)
		if !restricts {
			continue
		}
		if !ok {
			out, ok = s, true
			continue
		}
		out = intersect(out, s)
	}
	return out, ok
}

// Admits reports whether v is among the states s admits, unconditionally
// or not.
func (s States) Admits(v string) bool {
	if slices.Contains(s.Cond, v) || (v != StateNull && slices.Contains(s.Cond, StateNotNull)) {
		return true
	}
	return s.admitsFirmly(v)
}

// Values returns the states s admits out of a universe of states: In and
// Cond when s lists them, else the universe less what s excludes.
func (s States) Values(universe []string) []string {
	var out []string
	if s.Not {
		for _, v := range universe {
			if s.Admits(v) {
				out = append(out, v)
			}
		}
	} else {
		out = append(out, s.In...)
	}
	for _, v := range s.Cond {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// predStates returns the states one conjunct admits in col. An OR is read
// for any column each of its branches restricts, whichever column it is
// filed under: (priority = 1 AND status = 'queued') OR (priority = 2 AND
// status = 'queued') admits 'queued' in status as well as 1 and 2 in
// priority, and a branch may itself hold an OR.
func predStates(p Pred, col string) (States, bool) {
	if col == "" {
		return States{}, false
	}
	if p.Branches != nil {
		return orStates(p.Branches, col)
	}
	if p.Column != col {
		return States{}, false
	}
	switch p.Op {
	case OpEq, OpIn, OpNe, OpNotIn:
		vals := p.Values
		if p.Op == OpIn || p.Op == OpNotIn {
			vals = expandArrays(vals)
		}
		if !allValues(vals, ValueConst) {
			return States{}, false
		}
		s := States{Not: p.Op == OpNe || p.Op == OpNotIn}
		for _, v := range vals {
			s.In = append(s.In, v.Str)
		}
		if p.OrNull && s.Not {
			s.Null = true
		} else if p.OrNull {
			s.In = append(s.In, StateNull)
		}
		return s, true
	case OpIsNull:
		return States{In: []string{StateNull}}, true
	case OpIsNotNull:
		return States{Not: true}, true
	}
	return States{}, false
}

// orStates returns the union of the states each branch admits; a value a
// branch admits only with other conditions is conditional.
func orStates(branches [][]Pred, col string) (States, bool) {
	var out States
	for _, b := range branches {
		s, ok := FilterStates(b, col)
		if !ok {
			if !slices.ContainsFunc(b, func(q Pred) bool { return q.Column == col && isRange(q.Op) }) {
				return States{}, false // this branch lets col be anything
			}
			s = States{In: []string{StateNotNull}} // locked_at < now() - interval '5 minutes'
		}
		if s.Not {
			if len(s.In) > 0 {
				return States{}, false
			}
			s = States{In: []string{StateNotNull}, Cond: s.Cond}
		}
		conditional := slices.ContainsFunc(b, func(q Pred) bool { _, r := predStates(q, col); return !r })
		if conditional {
			out.Cond = union(out.Cond, s.In)
		} else {
			out.In = union(out.In, s.In)
		}
		out.Cond = union(out.Cond, s.Cond)
	}
	out.Cond = slices.DeleteFunc(out.Cond, func(v string) bool { return slices.Contains(out.In, v) })
	if len(out.Cond) == 0 {
		out.Cond = nil
	}
	return out, true
}

func isRange(op string) bool {
	return op == OpLt || op == OpLe || op == OpGt || op == OpGe
}

// intersect combines two conjuncts on one column.
func intersect(a, b States) States {
	if a.Not && b.Not {
		return States{Not: true, In: union(a.In, b.In), Null: a.Null && b.Null}
	}
	if a.Not {
		a, b = b, a
	}
	// A value one side lists and the other admits only under a condition
	// is admitted only under it: status IN ('queued', 'running') AND
	// ((kind = 'a' AND status = 'queued') OR ...) takes 'queued' of kind a.
	var out States
	for _, v := range a.In {
		switch {
		case b.admitsFirmly(v):
			out.In = append(out.In, v)
		case b.Admits(v):
			out.Cond = append(out.Cond, v)
		}
	}
	for _, v := range a.Cond {
		if b.Admits(v) && !slices.Contains(out.Cond, v) {
			out.Cond = append(out.Cond, v)
		}
	}
	return out
}

// admitsFirmly reports whether s admits v with no further condition.
func (s States) admitsFirmly(v string) bool {
	if s.Not {
		if v == StateNull {
			return s.Null
		}
		return !slices.Contains(s.In, v)
	}
	return slices.Contains(s.In, v) || (v != StateNull && slices.Contains(s.In, StateNotNull))
}

func union(a, b []string) []string {
	out := slices.Clone(a)
	for _, v := range b {
		if !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	return out
}

// renameColumn renames a column in predicates, the branches of ORs included.
func renameColumn(ps []Pred, old, new string) {
	for i := range ps {
		if ps[i].Column == old {
			ps[i].Column = new
		}
		for _, b := range ps[i].Branches {
			renameColumn(b, old, new)
		}
	}
}
