package ormsql

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"sort"
	"strings"
	"unicode"
)

// GORM's Select and Omit name the columns a write may touch. An update
// after them (callbacks.ConvertToAssignments) writes, in the model's
// column order, each selected column from the struct it is given, zero
// value or not, or each selected key of the map; a column neither
// selected nor omitted only when nothing is selected (Omit alone) and
// its value is not zero; and the model's update time unless omitted or
// left out of a Select("*"). Select("*") selects every column, as
// though none were named, but writes zero values. A Select text that is
// no column (Select("status, error")) restricts the update to none of
// the model's columns: GORM writes only the update time, or sends
// nothing. TestGormSelectMatchesGorm checks each case on GORM's dry run.

// selectNames reads the columns a Select call names: constant strings,
// or a []string literal of constants.
func (g *gormReader) selectNames(call *ast.CallExpr) ([]string, string) {
	var names []string
	for i, a := range call.Args {
		if lit := compositeOf(a); lit != nil {
			sl, ok := g.r.Info.TypeOf(lit).Underlying().(*types.Slice)
			if !ok || !isString(sl.Elem()) {
				return nil, "a GORM Select the tool does not read"
			}
			for _, e := range lit.Elts {
				tv := g.r.Info.Types[e]
				if tv.Value == nil || tv.Value.Kind() != constant.String {
					return nil, "the columns of GORM's Select are not known"
				}
				names = append(names, constant.StringVal(tv.Value))
			}
			continue
		}
		if !isString(g.r.Info.TypeOf(a)) {
			return nil, "a GORM Select the tool does not read"
		}
		s, ok := g.strOf(call, i)
		if !ok {
			return nil, "the columns of GORM's Select are not known"
		}
		if i == 0 && len(call.Args) > 1 && strings.ContainsAny(s, "?@") {
			return nil, "a GORM Select with values is not read"
		}
		names = append(names, s)
	}
	return names, ""
}

// omitNames reads the columns an Omit call names; GORM splits one text
// with a comma at every character a column name cannot hold.
func (g *gormReader) omitNames(call *ast.CallExpr) ([]string, string) {
	var names []string
	for i := range call.Args {
		s, ok := g.strOf(call, i)
		if !ok {
			return nil, "the columns of GORM's Omit are not known"
		}
		names = append(names, s)
	}
	if len(names) == 1 && strings.ContainsRune(names[0], ',') {
		names = strings.FieldsFunc(names[0], func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsNumber(r) && !strings.ContainsRune(".*_$@", r)
		})
	}
	return names, ""
}

// selectedColumns writes the columns a query after a Select of several
// names reads, as GORM does: a column of the model quoted, anything else
// as written.
func selectedColumns(q *gormQuery) string {
	cols := make([]string, len(q.selected))
	for i, n := range q.selected {
		cols[i] = n
		if q.model != nil {
			if c, ok := q.model.columnNamed(n); ok {
				cols[i] = quoteIdent(c.name)
			}
		}
	}
	return strings.Join(cols, ",")
}

// columnNamed returns the column a name given to Select or Omit stands
// for: GORM looks it up by column and by Go field name.
func (m *gormModel) columnNamed(name string) (gormColumn, bool) {
	for _, c := range m.columns {
		if c.name == name || c.field == name {
			return c, true
		}
	}
	return gormColumn{}, false
}

// selection is what a chain's Select and Omit make of the model's
// columns: chosen (true) or omitted (false) by column name, whether the
// update is restricted to the chosen ones, and a reason when a name is
// one the tool does not read.
func (q *gormQuery) selection() (map[string]bool, bool, string) {
	m := q.model
	out := map[string]bool{}
	star := false
	mark := func(name string, on bool) string {
		switch c, ok := m.columnNamed(name); {
		case name == "*":
			star = star || on
			for _, c := range m.columns {
				out[c.name] = on
			}
		case ok:
			out[c.name] = on
		case plainIdent(name):
			out[name] = on // a column of no field: a map's key may name it
		default:
			return "a GORM Select or Omit of " + name + ", which names no column of " + m.name
		}
		return ""
	}
	for _, n := range q.selected {
		if why := mark(n, true); why != "" {
			return nil, false, why
		}
	}
	for _, n := range q.omits {
		if why := mark(n, false); why != "" {
			return nil, false, why
		}
	}
	for _, c := range m.columns {
		if c.noUpdate {
			out[c.name] = false // GORM's SelectAndOmitColumns: not updatable
		}
	}
	return out, !star && len(q.selected) > 0, ""
}

// restrictedUpdate is an update after Select or Omit.
func (g *gormReader) restrictedUpdate(q *gormQuery, name string, call *ast.CallExpr) gormSQL {
	m := q.model
	if m == nil {
		return gormSQL{why: "a GORM update with Select or Omit and no Model"}
	}
	if m.odd != "" {
		return gormSQL{why: "a GORM update with Select or Omit of " + m.name + ", whose fields are more than columns"}
	}
	sel, restricted, why := q.selection()
	if why != "" {
		return gormSQL{why: why}
	}
	hooks := name == "Update" || name == "Updates" // UpdateColumn(s) skip the update time
	var b gormBuf
	b.sql.WriteString("UPDATE " + q.table + " SET ")
	var sets []gormSet
	var saved savedStruct
	switch {
	case name == "Update" || name == "UpdateColumn":
		col, ok := g.strOf(call, 0)
		if !ok || !plainIdent(col) && !slices.ContainsFunc(m.columns, func(c gormColumn) bool { return c.field == col }) {
			return gormSQL{why: "the column of GORM's " + name + " is not known"}
		}
		sets = mapSets(m, sel, restricted, hooks, []gormSet{{col, call.Args[1]}}, gormValue(call))
	case g.isMapLiteral(call.Args[0]):
		var given []gormSet
		for _, e := range compositeOf(call.Args[0]).Elts {
			kv := e.(*ast.KeyValueExpr)
			tv := g.r.Info.Types[kv.Key]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return gormSQL{why: "a key of GORM's " + name + " map is not known"}
			}
			given = append(given, gormSet{constant.StringVal(tv.Value), kv.Value})
		}
		sets = mapSets(m, sel, restricted, hooks, given, gormValue(call))
	default:
		arg := call.Args[0]
		if own, why := gormModelOf(g.r, g.r.Info.TypeOf(arg)); why != "" || own.name != m.name || own.table != m.table {
			return gormSQL{why: "GORM's " + name + " of a value that is not its model"}
		}
		lit := compositeOf(arg)
		if lit != nil && slices.ContainsFunc(lit.Elts, func(e ast.Expr) bool { _, ok := e.(*ast.KeyValueExpr); return !ok }) {
			return gormSQL{why: "a struct literal without field names"}
		}
		// Given its model's own address, GORM keeps the key out of SET
		// (it is the condition); given a copy or another struct, it
		// writes the key too when it is selected.
		_, isPtr := g.r.Info.TypeOf(arg).Underlying().(*types.Pointer)
		keyIsCond := isPtr && lit == nil && sameExpr(g.r.Info, arg, q.modelArg)
		if isPtr && !keyIsCond && lit == nil && m.pk != nil && sel[m.pk.name] {
			return gormSQL{why: "the tool cannot tell whether GORM's " + name + " is given its model, which decides whether it writes the key"}
		}
		if lit == nil {
			saved = g.savedFields(call, g.r.Info.TypeOf(arg), g.r.Effects.Call(q.modelCall))
		}
		for _, c := range m.columns {
			if m.pk != nil && c.field == m.pk.field && keyIsCond {
				continue
			}
			on, named := sel[c.name]
			auto := hooks && c.name == m.updated
			if !(named && on || !named && (!restricted || auto)) {
				continue
			}
			var val ast.Expr
			if lit != nil {
				val = fieldOf(lit, c.field)
			}
			if !named && !auto {
				// Omit alone: GORM skips a zero value.
				if val == nil && lit != nil {
					continue
				}
				if val == nil {
					return gormSQL{why: "the tool cannot tell whether field " + c.field + " is zero, which GORM skips"}
				}
				if zero, known := g.isZero(val); !known {
					return gormSQL{why: "the tool cannot tell whether field " + c.field + " is zero, which GORM skips"}
				} else if zero {
					continue
				}
			}
			if val == nil || auto {
				val = gormValue(call) // the struct's field, or GORM's time
			}
			sets = append(sets, gormSet{c.name, val})
		}
	}
	if len(sets) == 0 {
		return gormSQL{why: "a GORM update with nothing to set"}
	}
	var consts map[int]string
	var bound map[int][]BoundConst
	var names map[int]map[string]*types.Const
	var written map[string]bool
	for i, s := range sets {
		if i > 0 {
			b.sql.WriteString(",")
		}
		b.sql.WriteString(quoteIdent(s.col) + "=")
		if why := g.value(&b, s.val); why != "" {
			return gormSQL{why: why}
		}
		c, ok := m.columnNamed(s.col)
		if !ok || saved.consts == nil {
			continue
		}
		if written == nil {
			written = map[string]bool{}
		}
		written[s.col] = saved.written[c.field] || hooks && s.col == m.updated
		bindFieldConsts(saved.consts[c.field], len(b.args), &consts, &bound, &names)
	}
	key, why := g.keyCond(q, q.modelArg, call, false)
	if why != "" {
		return gormSQL{why: why}
	}
	if len(q.conds) == 0 && key == nil {
		return gormSQL{why: "GORM refuses an update without conditions"}
	}
	if why := g.writeWhere(&b, q, key); why != "" {
		return gormSQL{why: why}
	}
	if q.returning != "" {
		b.sql.WriteString(" RETURNING " + q.returning)
	}
	return gormSQL{sql: b.sql.String(), args: b.args, consts: consts, sets: bound, names: names, written: written}
}

// A gormSet is a column an update writes and the value it binds.
type gormSet struct {
	col string
	val ast.Expr
}

// mapSets are the columns an update given a map (or Update's one column)
// writes after Select or Omit: the selected keys in sorted order, then
// the model's update time unless the map sets it or it is omitted.
func mapSets(m *gormModel, sel map[string]bool, restricted, hooks bool, given []gormSet, now ast.Expr) []gormSet {
	sort.SliceStable(given, func(i, j int) bool { return given[i].col < given[j].col })
	var out []gormSet
	setsUpdated := false
	for _, s := range given {
		col := s.col
		if c, ok := m.columnNamed(s.col); ok {
			col = c.name
			setsUpdated = setsUpdated || c.name == m.updated
		}
		if on, named := sel[col]; named && on || !named && !restricted {
			out = append(out, gormSet{col, s.val})
		}
	}
	if on, named := sel[m.updated]; hooks && m.updated != "" && !setsUpdated && (on || !named) {
		out = append(out, gormSet{m.updated, now})
	}
	return out
}

func (g *gormReader) isMapLiteral(e ast.Expr) bool {
	lit := compositeOf(e)
	if lit == nil {
		return false
	}
	_, ok := g.r.Info.TypeOf(lit).Underlying().(*types.Map)
	return ok
}

// fieldOf returns the value a keyed struct literal gives a field; nil
// when it gives none (the zero value).
func fieldOf(lit *ast.CompositeLit, field string) ast.Expr {
	for _, e := range lit.Elts {
		if kv, ok := e.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == field {
				return kv.Value
			}
		}
	}
	return nil
}

// sameExpr reports whether two expressions denote the same pointer: the
// same variable, or the address of the same variable.
func sameExpr(info *types.Info, a, b ast.Expr) bool {
	a, b = ast.Unparen(a), ast.Unparen(b)
	if ua, ok := a.(*ast.UnaryExpr); ok {
		ub, ok := b.(*ast.UnaryExpr)
		if !ok || ua.Op != ub.Op {
			return false
		}
		return sameExpr(info, ua.X, ub.X)
	}
	ia, ok1 := a.(*ast.Ident)
	ib, ok2 := b.(*ast.Ident)
	return ok1 && ok2 && info.Uses[ia] != nil && info.Uses[ia] == info.Uses[ib]
}
