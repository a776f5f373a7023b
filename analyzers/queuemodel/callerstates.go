package queuemodel

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// States chosen by callers in other packages.
//
// A store's exported method that binds the state it is given
// (SetStatus(ctx, id, status): SET status = $2) plays the roles of the
// states its callers give it, and those are usually in the worker's
// package, which the store's package never sees. The module's Go files say
// which constants the module passes there (package callerargs, part of the
// vet tool's ID through ModuleKey): once every call is read, a statement
// that binds a state column (one the package's SQL sets to or compares
// with a string constant, or filters on by a parameter) from such a
// parameter is read again, one view per combination its callers give, as
// a state held in a local of several constants is. A rule that asks what
// guards the value (the retry's attempt limit) cannot see those callers:
// such a view says so (Statement.BoundOutside).

// callerStates reads again, with the views their callers give, the calls
// that bind a state column from a parameter of their exported function.
// Only state columns are bound (see stateColumns): a text the callers pass into any other column (an
// error message) changes no role, and is left a parameter.
func (b *builder) callerStates() {
	if b.model.schema == nil || b.model.schema.root == "" {
		return
	}
	var states *stateColumns
	for _, c := range b.model.Calls {
		if !c.Known || c.instr == nil && c.spread == nil && c.ormArgs == nil || len(c.Stmts) == 0 || len(c.variants) > 0 {
			continue
		}
		if states == nil {
			states = b.findStateColumns()
		}
		if views, at := b.callerViews(c, states); views != nil {
			c.Stmts, c.outside, c.outsideAt = nil, views, at
			b.read(c)
		}
	}
}

// stateColumns holds, per table, the columns that can hold a state: a
// statement of the package sets one to a string constant or compares it
// with one, or its WHERE compares it with a parameter (status = $3, a
// value the caller chooses). A text only ever written (an error message)
// is none. named says which tables the package's SQL names a state of (a
// string constant in some column).
type stateColumns struct {
	cols  map[string]map[string]bool
	named map[string]bool
}

// stateLike reports whether a column a caller's constant is bound into
// holds a state. When the package's SQL names no state of the table
// (SET status = $1 WHERE id = $2 and nothing else), the column may still
// be known as one by the schema, its name or the Go type of the value.
func (sc *stateColumns) stateLike(b *builder, table, col string, param types.Type) bool {
	if sc.cols[table][col] {
		return true
	}
	return !sc.named[table] && (b.declaredState(table, col) || namedState(col) || enumType(param))
}

func (b *builder) findStateColumns() *stateColumns {
	out := &stateColumns{cols: map[string]map[string]bool{}, named: map[string]bool{}}
	add := func(table, col string) {
		if out.cols[table] == nil {
			out.cols[table] = map[string]bool{}
		}
		out.cols[table][col] = true
	}
	addConst := func(table, col string) {
		add(table, col)
		out.named[table] = true
	}
	for _, st := range b.statements() {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			for _, a := range s.Set {
				if a.Value.Kind == sqlcheck.ValueConst && a.Value.Str != "" {
					addConst(s.Table, a.Column)
				}
			}
			for i, col := range s.InsertCols {
				if i < len(s.InsertValues) && s.InsertValues[i].Kind == sqlcheck.ValueConst && s.InsertValues[i].Str != "" {
					addConst(s.Table, col)
				}
			}
			for _, p := range s.Where {
				for _, v := range p.Values {
					constant := v.Kind == sqlcheck.ValueConst && v.Str != ""
					bound := v.Kind == sqlcheck.ValueParam && (p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn)
					switch {
					case p.Column != "" && constant:
						addConst(s.Table, p.Column)
					case p.Column != "" && bound:
						add(s.Table, p.Column)
					}
				}
			}
		})
	}
	return out
}

// declaredState reports whether the schema lists the values a column may
// hold: a CHECK of its values, or an enum type.
func (b *builder) declaredState(table, col string) bool {
	return len(b.model.Schema().ColumnStates(table, col)) > 0
}

// namedState reports whether a column is named for a job's state. A store
// whose SQL never names a state (SET status = $1 WHERE id = $2, the state
// chosen by its callers, the rows fed to workers by a broker) has no other
// sign of one when its schema is out of sight.
func namedState(col string) bool {
	return col == "status" || col == "state"
}

// enumType reports whether a Go type is one its package gives several
// named values of (type Status string; const StatusDone Status = "done"):
// a column bound from one holds one of a fixed set of states. (The value
// bound is a string: see callerViews.)
func enumType(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	scope := named.Obj().Pkg().Scope()
	n := 0
	for _, name := range scope.Names() {
		if c, ok := scope.Lookup(name).(*types.Const); ok && types.Identical(c.Type(), named) {
			n++
		}
	}
	return n >= 2
}

// paramColumns returns, for each parameter a call's statements set a
// column to or compare a column with, that table's columns.
func paramColumns(c *Call) map[int][][2]string {
	out := map[int][][2]string{}
	for _, st := range c.Stmts {
		st.Stmt.Walk(func(s *sqlcheck.Stmt) {
			for _, a := range s.Set {
				if a.Value.Kind == sqlcheck.ValueParam {
					out[a.Value.Param] = append(out[a.Value.Param], [2]string{s.Table, a.Column})
				}
			}
			for i, col := range s.InsertCols {
				if i < len(s.InsertValues) && s.InsertValues[i].Kind == sqlcheck.ValueParam {
					out[s.InsertValues[i].Param] = append(out[s.InsertValues[i].Param], [2]string{s.Table, col})
				}
			}
			for _, p := range s.Where {
				for _, v := range p.Values {
					if p.Column != "" && v.Kind == sqlcheck.ValueParam {
						out[v.Param] = append(out[v.Param], [2]string{s.Table, p.Column})
					}
				}
			}
		})
	}
	return out
}

// callerViews returns, for a call whose state columns are bound from
// parameters of its exported function, the views the module's callers of
// that function give them: per combination of constants, the parameters
// ($n) they bind. A parameter a call gives no constant stays a parameter
// in that call's view. Nil when no caller gives any of them a constant.
func (b *builder) callerViews(c *Call, states *stateColumns) ([]map[int]string, map[int]callerargs.Pos) {
	singles, set, _ := b.boundConstants(c)
	if len(set) > 0 {
		return nil, nil
	}
	cols := paramColumns(c)
	var fn *ssa.Function
	var nums []int
	var positions []callerargs.Pos
	for _, bv := range b.boundValues(c) {
		n, v := bv.n, bv.v
		if _, ok := singles[n]; ok || !isStringType(v.Type()) && !nullableString(v.Type()) {
			continue
		}
		// An unexported function's callers are in this package, where
		// its values are read on SSA; those the SSA leaves unknown (a
		// parameter of an exported function that passes its own on) are
		// asked of the index too.
		p, field := paramField(v)
		if p == nil || p.Parent().Parent() != nil || fn != nil && p.Parent() != fn {
			continue
		}
		stateLike := func(tc [2]string) bool { return states.stateLike(b, tc[0], tc[1], v.Type()) }
		if !slices.ContainsFunc(cols[n], stateLike) {
			continue
		}
		fn = p.Parent()
		pos := slices.Index(fn.Params, p)
		if fn.Signature.Recv() != nil {
			pos--
		}
		nums, positions = append(nums, n), append(positions, callerargs.Pos{Index: pos, Field: field})
	}
	if fn == nil {
		return nil, nil
	}
	if fn.Pkg == nil {
		return nil, nil
	}
	tuples, ok := b.model.CallerArgs().FieldTuples(callerargs.Name(fn.Pkg.Pkg.Path(), fn.Name()), fn.Signature.Params().Len(), positions)
	if !ok {
		return nil, nil
	}
	var views []map[int]string
	for _, t := range tuples {
		v := map[int]string{}
		for k, n := range nums {
			if t[k] != callerargs.Unknown {
				v[n] = t[k] // an unknown value stays a parameter in this call's view
			}
		}
		views = append(views, v)
	}
	at := map[int]callerargs.Pos{}
	for k, n := range nums {
		at[n] = positions[k]
	}
	return views, at
}

// nullableString reports whether a Go type is a nullable wrapper of a
// string, which binds the string it holds when it says it is valid:
// a struct with a string field String or V beside a Valid (Status, in
// pgx v4's pgtype) field, as database/sql's NullString and Null[string],
// pgx v5's pgtype.Text, or one that embeds such a struct (guregu/null's
// String). Which callers' values are valid package callerargs reads.
func nullableString(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	value, valid := false, false
	for f := range st.Fields() {
		switch {
		case f.Embedded() && nullableString(f.Type()):
			return true
		case (f.Name() == "String" || f.Name() == "V") && isStringType(f.Type()):
			value = true
		case f.Name() == "Valid" || f.Name() == "Status":
			valid = true
		}
	}
	return value && valid
}

// A boundValue is the SSA value a call binds to its parameter $n.
type boundValue struct {
	n int
	v ssa.Value
}

// boundValues returns the SSA values a call binds to its parameters, in
// order, conversions and boxing undone: its arguments, or the elements of
// the slice it passes (args...) where every slice that reaches the call
// holds the same value there.
func (b *builder) boundValues(c *Call) []boundValue {
	var out []boundValue
	if c.instr != nil || c.ormArgs != nil {
		for i := range c.Args {
			if v := c.argValue(i + 1); v != nil {
				out = append(out, boundValue{i + 1, effects.Unconverted(v)})
			}
		}
		return out
	}
	if c.spread == nil || c.Args != nil {
		return nil
	}
	for n := 1; ; n++ {
		elems := effects.ArgValues(c.spread, c.argBase+n-1, nil)
		if len(elems) == 0 {
			return out
		}
		v := effects.Unconverted(elems[0])
		for _, e := range elems[1:] {
			if effects.Unconverted(e) != v {
				v = nil
			}
		}
		if v != nil {
			out = append(out, boundValue{n, v})
		}
	}
}

// CallerArgs returns what the module's Go files say its callers give the
// exported functions that bind SQL (see package callerargs); nil without
// a module root.
func (m *Model) CallerArgs() *callerargs.Index {
	if m.schema == nil || m.schema.root == "" {
		return nil
	}
	return callerargs.Of(m.schema.root, m.rootPath)
}

// ChosenByCallers returns, for a view whose state column col is set from
// what the callers of the statement's exported function give it (see
// BoundOutside), that function's parameter (from 0, past a receiver) or
// the field of it the state is read from, and this view's state.
func (st *Statement) ChosenByCallers(col string) (at callerargs.Pos, state string, ok bool) {
	if !st.BoundOutside || st.origin == nil {
		return callerargs.Pos{}, "", false
	}
	for _, a := range st.origin.Set {
		if a.Column != col || a.Value.Kind != sqlcheck.ValueParam {
			continue
		}
		at, ok := st.Call.outsideAt[a.Value.Param]
		v, set := st.Stmt.Assigns(col)
		if !ok || !set || v.Kind != sqlcheck.ValueConst {
			return callerargs.Pos{}, "", false
		}
		return at, v.Str, true
	}
	return callerargs.Pos{}, "", false
}

// paramField returns the parameter a bound value is, or whose field it
// is read from (arg.Status, the struct of parameters sqlc generates,
// passed by value or by pointer), with that field's name.
func paramField(v ssa.Value) (*ssa.Parameter, string) {
	switch x := v.(type) {
	case *ssa.Parameter:
		return x, ""
	case *ssa.Field:
		if p, ok := x.X.(*ssa.Parameter); ok {
			return p, structField(p.Type(), x.Field)
		}
	case *ssa.UnOp:
		fa, ok := x.X.(*ssa.FieldAddr)
		if !ok || x.Op != token.MUL {
			break
		}
		switch base := fa.X.(type) {
		case *ssa.Parameter:
			if !storedField(base, fa.Field) {
				return base, structField(base.Type(), fa.Field)
			}
		case *ssa.Alloc:
			// A struct parameter whose fields are selected lives in a
			// local the function's entry copies it to.
			if p := spilled(base); p != nil && !storedField(base, fa.Field) {
				return p, structField(p.Type(), fa.Field)
			}
		}
	}
	return nil, ""
}

// spilled returns the parameter a local holds when the function only
// copies the parameter into it and reads its fields: no other write, and
// its address goes nowhere else.
func spilled(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, r := range *a.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			param, ok := r.Val.(*ssa.Parameter)
			if !ok || p != nil || r.Addr != a {
				return nil
			}
			p = param
		case *ssa.FieldAddr:
		default:
			return nil
		}
	}
	return p
}

// storedField reports whether a function writes a field of the struct
// its pointer parameter (or the local holding its struct) points at: the
// value its callers gave is not the one it binds.
func storedField(p ssa.Value, field int) bool {
	for _, r := range *p.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Field != field {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa {
				return true
			}
		}
	}
	return false
}

func structField(t types.Type, i int) string {
	if ptr, ok := t.Underlying().(*types.Pointer); ok {
		t = ptr.Elem()
	}
	if st, ok := t.Underlying().(*types.Struct); ok && i < st.NumFields() {
		return st.Field(i).Name()
	}
	return ""
}
