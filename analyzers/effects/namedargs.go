package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"reflect"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// NamedConstants returns the string constants sqlx binds to the :name
// parameters of a NamedExec or NamedQuery (names in order, the i-th
// numbered i+1) from the struct or map the call is given, by parameter
// number: a struct made in the function (&Job{State: "running"}, or a
// field set after it is made) whose field sqlx maps to the name (its `db`
// tag, else its name in lower case, as sqlx's default mapper does), or a
// map literal's constant key. A value is read only when the function sets
// it once, on every path to the call, and hands the struct or map to
// nothing but the call: anything else may change it. at is the call.
func (e *Effects) NamedConstants(at ssa.Instruction, arg ssa.Value, names []string) map[int]string {
	if e == nil || e.Pkg() == nil || at == nil || arg == nil || len(names) == 0 {
		return nil
	}
	uses := map[ssa.Instruction]bool{at: true}
	v := arg
	if mi, ok := v.(*ssa.MakeInterface); ok {
		uses[mi] = true
		if !onlyUsedBy(mi, uses) {
			return nil
		}
		v = mi.X
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		uses[load] = true // a struct passed by value: its fields when loaded
		if !onlyUsedBy(load, uses) {
			return nil
		}
		at, v = load, load.X
	}
	var sets map[string][]*ssa.Store // name -> the stores that set it
	var updates map[string][]*ssa.MapUpdate
	switch x := v.(type) {
	case *ssa.Alloc:
		sets = structSets(x, uses)
	case *ssa.MakeMap:
		updates = mapSets(x, uses)
	}
	if sets == nil && updates == nil {
		return nil
	}
	out := map[int]string{}
	for i, name := range names {
		var val ssa.Value
		var where ssa.Instruction
		switch {
		case len(sets[name]) == 1:
			val, where = sets[name][0].Val, sets[name][0]
		case len(updates[name]) == 1:
			val, where = updates[name][0].Value, updates[name][0]
		default:
			continue // never set (its zero value), or set more than once
		}
		if !Before(where, at) {
			continue
		}
		if mi, ok := val.(*ssa.MakeInterface); ok {
			val = mi.X
		}
		if !isStringType(val.Type()) {
			continue
		}
		if s, ok := single(e.Strings(val)); ok {
			out[i+1] = s
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}

// onlyUsedBy reports whether every use of v is one of uses.
func onlyUsedBy(v ssa.Value, uses map[ssa.Instruction]bool) bool {
	for _, ref := range *v.Referrers() {
		if _, ok := ref.(*ssa.DebugRef); !ok && !uses[ref] {
			return false
		}
	}
	return true
}

// structSets returns the stores into each field of a struct made by
// alloc, by the name sqlx maps the field to; nil when the struct is used
// otherwise than by those stores, loads of its fields and uses.
func structSets(alloc *ssa.Alloc, uses map[ssa.Instruction]bool) map[string][]*ssa.Store {
	st, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	names := make([]string, st.NumFields())
	for i := range st.NumFields() {
		names[i] = sqlxName(st.Field(i), st.Tag(i))
	}
	sets := map[string][]*ssa.Store{}
	var whole *ssa.Store // j := job{...}: the literal's fields copied in
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			load, ok := ref.Val.(*ssa.UnOp)
			if ref.Addr != alloc || whole != nil || !ok || load.Op != token.MUL {
				return nil
			}
			lit, ok := load.X.(*ssa.Alloc)
			if !ok || lit.Parent() != alloc.Parent() {
				return nil
			}
			from := structSets(lit, map[ssa.Instruction]bool{load: true})
			if from == nil {
				return nil
			}
			whole = ref
			for name, stores := range from {
				sets[name] = append(sets[name], stores...)
			}
		case *ssa.FieldAddr:
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr != ref {
						return nil
					}
					if name := names[ref.Field]; name != "" {
						sets[name] = append(sets[name], use)
					}
				case *ssa.UnOp:
					if use.Op != token.MUL {
						return nil
					}
				case *ssa.DebugRef:
				default:
					return nil
				}
			}
		case *ssa.DebugRef:
		default:
			if !uses[ref] {
				return nil
			}
		}
	}
	if whole != nil {
		// A field set before the copy is overwritten by it.
		for _, stores := range sets {
			for _, st := range stores {
				if st.Addr.(*ssa.FieldAddr).X == alloc && !Before(whole, st) {
					return nil
				}
			}
		}
	}
	return sets
}

// sqlxName is the name sqlx's default mapper gives a struct field: its
// `db` tag up to a comma, else its name in lower case; "" for a field it
// skips (db:"-") and for an embedded struct, whose fields it flattens
// (not read here).
func sqlxName(f *types.Var, tag string) string {
	if f.Embedded() || !f.Exported() {
		return ""
	}
	name, _, _ := strings.Cut(reflect.StructTag(tag).Get("db"), ",")
	switch name {
	case "-":
		return ""
	case "":
		return strings.ToLower(f.Name())
	}
	return name
}

// mapSets returns the updates of a map literal by constant string key;
// nil when the map is used otherwise.
func mapSets(m *ssa.MakeMap, uses map[ssa.Instruction]bool) map[string][]*ssa.MapUpdate {
	sets := map[string][]*ssa.MapUpdate{}
	for _, ref := range *m.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			k := ref.Key
			if mi, ok := k.(*ssa.MakeInterface); ok {
				k = mi.X
			}
			c, ok := k.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String {
				return nil
			}
			key := constant.StringVal(c.Value)
			sets[key] = append(sets[key], ref)
		case *ssa.DebugRef:
		default:
			if !uses[ref] {
				return nil
			}
		}
	}
	return sets
}
