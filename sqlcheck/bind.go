package sqlcheck

import "slices"

// Bind returns a copy of st in which each bind parameter $n that consts
// holds reads as that constant (its Param kept), in every clause and
// nested statement. st itself, which callers may share, is left as it is.
func (st *Stmt) Bind(consts map[int]string) *Stmt {
	if st == nil {
		return nil
	}
	c := *st
	c.Where = bindPreds(st.Where, consts)
	if st.Limit != nil {
		v := bindValue(*st.Limit, consts)
		c.Limit = &v
	}
	c.Set = slices.Clone(st.Set)
	for i := range c.Set {
		c.Set[i].Value = bindValue(c.Set[i].Value, consts)
	}
	c.InsertValues = slices.Clone(st.InsertValues)
	for i := range c.InsertValues {
		c.InsertValues[i] = bindValue(c.InsertValues[i], consts)
	}
	c.CTEs = slices.Clone(st.CTEs)
	for i := range c.CTEs {
		c.CTEs[i].Stmt = c.CTEs[i].Stmt.Bind(consts)
	}
	c.Subqueries = slices.Clone(st.Subqueries)
	for i := range c.Subqueries {
		c.Subqueries[i] = c.Subqueries[i].Bind(consts)
	}
	return &c
}

func bindPreds(ps []Pred, consts map[int]string) []Pred {
	out := slices.Clone(ps)
	for i := range out {
		out[i].Values = slices.Clone(out[i].Values)
		for j := range out[i].Values {
			out[i].Values[j] = bindValue(out[i].Values[j], consts)
		}
		if out[i].Branches != nil {
			out[i].Branches = slices.Clone(out[i].Branches)
			for j := range out[i].Branches {
				out[i].Branches[j] = bindPreds(out[i].Branches[j], consts)
			}
		}
	}
	return out
}

func bindValue(v Value, consts map[int]string) Value {
	if v.Kind == ValueParam {
		if s, ok := consts[v.Param]; ok {
			v.Kind, v.Str = ValueConst, s
		}
	}
	v.Sub = v.Sub.Bind(consts)
	return v
}
