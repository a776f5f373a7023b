package queuemodel

import (
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// recordInitial returns the states a record write's rows are created in
// (see initialStates), or, when the package's own code gives none, the
// states the module's composite literals create the struct in whose field
// the package's INSERT binds the state column from (see literalStates).
func (b *builder) recordInitial(table, col string) map[string]bool {
	states := b.initialStates(table, col)
	if len(states) > 0 {
		return states
	}
	for _, top := range b.statements() {
		top.Stmt.Walk(func(st *sqlcheck.Stmt) {
			if st.Kind != sqlcheck.KindInsert || st.Table != table {
				return
			}
			if v, ok := st.Assigns(col); ok && v.Kind == sqlcheck.ValueParam {
				for _, s := range b.literalStates(top.Call, v.Param) {
					states[s] = true
				}
			}
		})
	}
	return states
}

// literalStates returns the states the module's keyed composite literals
// (callerargs.Index.LiteralField) set the struct field an INSERT binds
// its parameter n from: j.Status (through any conversion), or, for
// sqlx's NamedExec, the field of the struct it is given that the
// parameter's :name maps to (its db tag, or its name in lower case, as
// sqlx's default mapper has it). Nil when the parameter is no field's, or
// a literal sets the field to something other than constants.
func (b *builder) literalStates(c *Call, n int) []string {
	if c == nil || c.instr == nil || n < 1 {
		return nil
	}
	var named *types.Named
	var field string
	if strings.HasPrefix(c.Method, "Named") {
		_, names := sqltext.Named(c.SQL)
		if n > len(names) {
			return nil
		}
		named = structNamed(effects.Unconverted(effects.Arg(c.instr, c.argBase)).Type())
		field = taggedField(named, names[n-1])
	} else {
		named, field = loadedFrom(effects.Unconverted(effects.Arg(c.instr, c.argBase+n-1)))
	}
	ix := b.model.CallerArgs()
	if named == nil || field == "" || ix == nil || named.Obj().Pkg() == nil {
		return nil
	}
	vals, _ := ix.LiteralField(named.Obj().Pkg().Path(), named.Obj().Name(), field)
	return vals
}

// structNamed returns the named struct type a value of type t is, or
// points to; nil otherwise.
func structNamed(t types.Type) *types.Named {
	if ptr, ok := t.(*types.Pointer); ok {
		t = ptr.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil
	}
	return named
}

// taggedField returns the name of the field of a struct that sqlx binds
// :name to: the one tagged db:"name", or, untagged, the one whose name in
// lower case is name; "" when none is.
func taggedField(named *types.Named, name string) string {
	if named == nil {
		return ""
	}
	st := named.Underlying().(*types.Struct)
	for i := range st.NumFields() {
		f := st.Field(i)
		tag, tagged := reflect.StructTag(st.Tag(i)).Lookup("db")
		tag, _, _ = strings.Cut(tag, ",")
		if tagged && tag == name || !tagged && strings.ToLower(f.Name()) == name {
			return f.Name()
		}
	}
	return ""
}

// loadedFrom returns the struct type and field a value is loaded from
// (j.Status, of a struct or a pointer to one); nil and "" otherwise.
func loadedFrom(v ssa.Value) (*types.Named, string) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			named := structNamed(fa.X.Type())
			if named == nil {
				return nil, ""
			}
			return named, named.Underlying().(*types.Struct).Field(fa.Field).Name()
		}
	case *ssa.Field:
		named := structNamed(x.X.Type())
		if named == nil {
			return nil, ""
		}
		return named, named.Underlying().(*types.Struct).Field(x.Field).Name()
	}
	return nil, ""
}
