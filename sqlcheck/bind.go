package sqlcheck

import (
	"math/big"
	"slices"
)

// Bind returns a copy of st in which each bind parameter $n that consts
// holds reads as that constant (its Param kept), in every clause and
// nested statement. st itself, which callers may share, is left as it is.
func (st *Stmt) Bind(consts map[int]string) *Stmt {
	return binding{consts: consts}.stmt(st)
}

// BindNow returns a copy of st in which each bind parameter that now holds
// reads as the current time (its Param kept) where a WHERE compares with
// it: a parameter the Go code gives time.Now(), or time.Now().Add(-d). The
// comparison is then a deadline, as updated <= now() - interval '5
// minutes' is. What the statement writes is left as it is.
func (st *Stmt) BindNow(now map[int]bool) *Stmt {
	return binding{now: now}.stmt(st)
}

// A binding gives some bind parameters constants, and some the current time.
type binding struct {
	consts map[int]string
	now    map[int]bool
	where  bool // binding a WHERE: now applies
}

func (bd binding) stmt(st *Stmt) *Stmt {
	if st == nil {
		return nil
	}
	bd.where = false
	c := *st
	c.Where = bd.preds(st.Where)
	if st.Limit != nil {
		v := bd.value(*st.Limit)
		c.Limit = &v
	}
	c.Set = slices.Clone(st.Set)
	for i := range c.Set {
		c.Set[i].Value = bd.value(c.Set[i].Value)
	}
	c.InsertValues = slices.Clone(st.InsertValues)
	for i := range c.InsertValues {
		c.InsertValues[i] = bd.value(c.InsertValues[i])
	}
	c.CTEs = slices.Clone(st.CTEs)
	for i := range c.CTEs {
		c.CTEs[i].Stmt = bd.stmt(c.CTEs[i].Stmt)
	}
	c.Subqueries = slices.Clone(st.Subqueries)
	for i := range c.Subqueries {
		c.Subqueries[i] = bd.stmt(c.Subqueries[i])
		if st.fromSub == st.Subqueries[i] {
			c.fromSub = c.Subqueries[i]
		}
		if st.lockedFrom == st.Subqueries[i] {
			c.lockedFrom = c.Subqueries[i]
		}
	}
	return &c
}

func (bd binding) preds(ps []Pred) []Pred {
	bd.where = true
	out := slices.Clone(ps)
	for i := range out {
		out[i].Values = slices.Clone(out[i].Values)
		for j := range out[i].Values {
			out[i].Values[j] = bd.value(out[i].Values[j])
		}
		if out[i].Branches != nil {
			out[i].Branches = slices.Clone(out[i].Branches)
			for j := range out[i].Branches {
				out[i].Branches[j] = bd.preds(out[i].Branches[j])
			}
		}
	}
	return out
}

func (bd binding) value(v Value) Value {
	if v.Kind == ValueParam {
		if s, ok := bd.consts[v.Param]; ok {
			v.Kind, v.Str = ValueConst, s
		} else if bd.where && bd.now[v.Param] {
			v.Kind = ValueNow
		}
	}
	v.Sub = bd.stmt(v.Sub)
	if v.Arms != nil {
		// CASE WHEN attempts_left > 0 THEN $3::smallint ELSE $4::smallint
		// END gives constants once both are bound.
		v.Arms = slices.Clone(v.Arms)
		var cases []string
		all := true
		for i := range v.Arms {
			v.Arms[i].When = bd.preds(v.Arms[i].When)
			v.Arms[i].Result = bd.value(v.Arms[i].Result)
			if r := v.Arms[i].Result; r.Kind == ValueConst {
				cases = append(cases, r.Str)
			} else {
				all = false // a result not known, or the NULL of a missing ELSE
			}
		}
		if v.Cases == nil && all {
			v.Cases = cases
		}
	}
	return v
}

// Enumerate returns a copy of st in which each comparison of column col of
// table with an integer constant (status < 2, status >= $3 once $3 is
// bound) reads as the list of the states in universe it admits: a state
// column coded as integers whose every value the module names. Comparisons
// with anything else are left as they are.
func (st *Stmt) Enumerate(table, col string, universe []string) *Stmt {
	c := st.Bind(nil)
	c.Walk(func(s *Stmt) {
		if s.Table == table {
			enumeratePreds(s.Where, col, universe)
		}
	})
	return c
}

func enumeratePreds(ps []Pred, col string, universe []string) {
	for i := range ps {
		p := &ps[i]
		for _, b := range p.Branches {
			enumeratePreds(b, col, universe)
		}
		if p.Column != col || !isRange(p.Op) || len(p.Values) != 1 || p.Values[0].Kind != ValueConst {
			continue
		}
		bound, ok := new(big.Int).SetString(p.Values[0].Str, 10)
		if !ok {
			continue
		}
		var in []Value
		for _, u := range universe {
			n, ok := new(big.Int).SetString(u, 10)
			if !ok {
				in = nil
				break
			}
			cmp := n.Cmp(bound)
			if p.Op == OpLt && cmp < 0 || p.Op == OpLe && cmp <= 0 || p.Op == OpGt && cmp > 0 || p.Op == OpGe && cmp >= 0 {
				in = append(in, Value{Kind: ValueConst, Str: u, Text: u})
			}
		}
		if in == nil {
			// No state is in the range (or the universe is not all
			// integers): leave the comparison as written.
			continue
		}
		p.Op, p.Values = OpIn, in
	}
}
