package effects

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Nullable wrappers.
//
// A value bound to a nullable column often comes in a wrapper:
// sql.NullString{String: "sent", Valid: true}, pgx's pgtype.Text, a
// struct that embeds sql.NullString (guregu/null's String). The SQL gets
// the string it holds when it says it is valid, NULL otherwise; the
// statement that marks a row sent and the one that marks it failed are
// then one statement told apart only by the value inside.

// Unwrapped returns, for a nullable string wrapper built in the function
// (a composite literal, or a local given one), the value stored in its
// string field: String (V, for sql.Null[string]). ok is false unless the
// struct is a local whose fields are stored once each, its validity the
// constant true (Valid: true), and nothing else touches it: a wrapper left
// invalid or whose validity is computed may bind NULL, which the tool
// does not guess.
func Unwrapped(v ssa.Value) (ssa.Value, bool) {
	v = Unconverted(v)
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil, false
	}
	alloc, ok := load.X.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil, false
	}
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil, false
	}
	value, valid := -1, -1
	for i := range st.NumFields() {
		f := st.Field(i)
		switch {
		case (f.Name() == "String" || f.Name() == "V") && isString(f.Type()):
			value = i
		case f.Name() == "Valid" && isBool(f.Type()):
			valid = i
		}
	}
	if value < 0 || valid < 0 {
		return nil, false
	}
	stored := map[int]ssa.Value{}
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				s, isStore := use.(*ssa.Store)
				if _, debug := use.(*ssa.DebugRef); debug {
					continue
				}
				if !isStore || s.Addr != ref || stored[ref.Field] != nil {
					return nil, false // its address handed on, or stored twice
				}
				stored[ref.Field] = s.Val
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil, false
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	c, ok := stored[valid].(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Bool || !constant.BoolVal(c.Value) || stored[value] == nil {
		return nil, false
	}
	return stored[value], true
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Kind() == types.Bool
}

func isString(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// WrappedStrings returns what the nullable string wrapper v binds (see
// Unwrapped), through the phi nodes of a wrapper variable given another
// literal on some path (st := sql.NullString{String: "processed", Valid:
// true}; if err != nil { st = sql.NullString{String: "failed", Valid:
// true} }). ok is false when some value reaching v is not unwrapped.
func (e *Effects) WrappedStrings(v ssa.Value) (Values, bool) {
	return e.wrappedStrings(v, map[ssa.Value]bool{})
}

func (e *Effects) wrappedStrings(v ssa.Value, seen map[ssa.Value]bool) (Values, bool) {
	v = Unconverted(v)
	if seen[v] {
		return Values{}, true // a loop back to a phi already read
	}
	seen[v] = true
	if phi, ok := v.(*ssa.Phi); ok {
		var out Values
		for _, edge := range phi.Edges {
			vs, ok := e.wrappedStrings(edge, seen)
			if !ok {
				return Values{}, false
			}
			out = union(out, vs)
		}
		return out, true
	}
	inner, ok := Unwrapped(v)
	if !ok {
		return Values{}, false
	}
	return e.Strings(inner), true
}
