package effects

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// lookup resolves queries["claim"] on a map of queries made from a
// literal with constant keys: in an unexported package variable that
// only its initializer sets, or in the function itself. The map must be
// read only by lookups (and range) everywhere it is used: a map written,
// or passed on, may hold anything. A key the literal does not hold gives
// the zero value, as Go does, only when the key is set nowhere.
func (r *resolver) lookup(l *ssa.Lookup, b *binding, depth int) Values {
	key, ok := single(r.value(l.Index, b, depth))
	if !ok || l.CommaOk {
		return hole("an element of a map")
	}
	var m *ssa.MakeMap
	vb := b // the binding the literal's values are read under
	switch x := l.X.(type) {
	case *ssa.MakeMap:
		m = x
	case *ssa.UnOp:
		g, ok := x.X.(*ssa.Global)
		if x.Op != token.MUL || !ok {
			return hole("an element of a map")
		}
		src, why := r.initialValue(g)
		if why != "" {
			return hole("an element of a map " + why)
		}
		vb = nil
		if m, ok = src.(*ssa.MakeMap); !ok {
			return hole("an element of a map not made from a literal")
		}
		for _, use := range r.e.uses(g) {
			load, ok := use.(*ssa.UnOp)
			if _, isStore := use.(*ssa.Store); isStore {
				continue // the initializer's, checked by initialValue
			}
			if !ok || !onlyRead(load) {
				return hole("an element of map " + g.Name() + ", which is written or passed on")
			}
		}
	default:
		return hole("an element of a map")
	}
	var val ssa.Value
	for _, ref := range *m.Referrers() {
		switch ref := ref.(type) {
		case *ssa.MapUpdate:
			k := ref.Key
			if mi, ok := k.(*ssa.MakeInterface); ok {
				k = mi.X
			}
			c, ok := k.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String || ref.Block() != m.Block() {
				return hole("a map written with a key that is not constant")
			}
			if constant.StringVal(c.Value) == key {
				if val != nil {
					return hole("a map whose key is set twice")
				}
				val = ref.Value
			}
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Store:
			if _, ok := ref.Addr.(*ssa.Global); !ok {
				return hole("a map passed on")
			}
		default:
			return hole("a map passed on")
		}
	}
	if val == nil {
		return text("")
	}
	return r.value(val, vb, depth)
}

// onlyRead reports whether a loaded map is only read: looked up, ranged
// over, measured.
func onlyRead(v ssa.Value) bool {
	for _, ref := range *v.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Lookup, *ssa.Range, *ssa.DebugRef:
		case *ssa.Call:
			if b, ok := ref.Common().Value.(*ssa.Builtin); !ok || b.Name() != "len" {
				return false
			}
		default:
			return false
		}
	}
	return true
}
