package queuemodel

import (
	"go/constant"
	"go/types"
	"math/big"
	"sort"
	"strings"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A column key names one column of one table.
type columnKey struct{ table, col string }

// enumerateStates reads the columns that hold a state coded as integers:
// a column that some statement compares with, or sets to, a parameter
// bound to a constant of a named integer type (type Status int16; const
// Processing Status = 2). The states such a column takes are the
// constants of that type, so a comparison of it with an integer (status <
// 2) reads as the states it admits, and each state is named by its
// constant.
func (b *builder) enumerateStates() {
	typed := map[columnKey]*types.Named{}
	for _, c := range b.model.Calls {
		if len(c.stateConsts) == 0 {
			continue
		}
		for _, st := range c.Stmts {
			st.Stmt.Walk(func(s *sqlcheck.Stmt) {
				if s.Table == "" {
					return
				}
				paramsByColumn(s, func(col string, n int) {
					for _, k := range c.stateConsts[n] {
						if named, ok := types.Unalias(k.Type()).(*types.Named); ok {
							key := columnKey{s.Table, col}
							if typed[key] == nil {
								typed[key] = named
							}
						}
					}
				})
			})
		}
	}
	if len(typed) == 0 {
		return
	}
	b.stateNames = map[columnKey]map[string]*types.Const{}
	for key, named := range typed {
		names := constantsOf(named)
		if len(names) == 0 {
			continue
		}
		b.stateNames[key] = names
		universe := make([]string, 0, len(names))
		for v := range names {
			universe = append(universe, v)
		}
		sort.Slice(universe, func(i, j int) bool { return numLess(universe[i], universe[j]) })
		for _, c := range b.model.Calls {
			for _, st := range c.Stmts {
				if touches(st.Stmt, key.table) {
					st.Stmt = st.Stmt.Enumerate(key.table, key.col, universe)
				}
			}
		}
	}
}

// paramsByColumn calls f for each parameter a statement compares a
// column with or sets it to, in its WHERE (ORs included), its SET (CASE
// arms included) and its INSERT values.
func paramsByColumn(s *sqlcheck.Stmt, f func(col string, n int)) {
	var value func(col string, v sqlcheck.Value)
	value = func(col string, v sqlcheck.Value) {
		if v.Param > 0 {
			f(col, v.Param)
		}
		for _, a := range v.Arms {
			value(col, a.Result)
		}
	}
	var preds func([]sqlcheck.Pred)
	preds = func(ps []sqlcheck.Pred) {
		for _, p := range ps {
			for _, v := range p.Values {
				if p.Column != "" {
					value(p.Column, v)
				}
			}
			for _, br := range p.Branches {
				preds(br)
			}
		}
	}
	preds(s.Where)
	for _, a := range s.Set {
		value(a.Column, a.Value)
	}
	for i, col := range s.InsertCols {
		if i < len(s.InsertValues) {
			value(col, s.InsertValues[i])
		}
	}
}

// constantsOf returns the constants of a named integer type declared in
// its package, by value; a value two constants share is named by neither.
func constantsOf(named *types.Named) map[string]*types.Const {
	pkg := named.Obj().Pkg()
	if pkg == nil {
		return nil
	}
	out := map[string]*types.Const{}
	shared := map[string]bool{}
	for _, name := range pkg.Scope().Names() {
		k, ok := pkg.Scope().Lookup(name).(*types.Const)
		if !ok || !types.Identical(k.Type(), named) || k.Val().Kind() != constant.Int {
			continue
		}
		v := k.Val().ExactString()
		if _, dup := out[v]; dup {
			shared[v] = true
		}
		out[v] = k
	}
	for v := range shared {
		out[v] = nil
	}
	return out
}

func touches(st *sqlcheck.Stmt, table string) bool {
	found := false
	st.Walk(func(s *sqlcheck.Stmt) { found = found || s.Table == table })
	return found
}

func numLess(a, b string) bool {
	x, okx := new(big.Int).SetString(a, 10)
	y, oky := new(big.Int).SetString(b, 10)
	if !okx || !oky {
		return a < b
	}
	return x.Cmp(y) < 0
}

// StateName returns the Go constant that names state v of the table's
// state column, as package.Name, or "" when none does.
func (qt *QueueTable) StateName(v string) string {
	k := qt.names[v]
	if k == nil {
		return ""
	}
	return k.Pkg().Name() + "." + k.Name()
}

// ShowState returns state v as a message shows it: by the Go constant
// that names it and its value (status.Processing (2)), else as the SQL
// literal ('running').
func (qt *QueueTable) ShowState(v string) string {
	if name := qt.StateName(v); name != "" {
		return name + " (" + v + ")"
	}
	return "'" + strings.ReplaceAll(v, "'", "''") + "'"
}
