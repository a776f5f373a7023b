package effects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Callees returns the functions a call of this package may run: its static
// callee, or, for a call of a function value, every function the value
// may hold, followed through locals, phis, package variables and struct
// fields (constructors, composite literals, assignments). It reports false
// when some value stays out of sight: a parameter, a result, a variable or
// field of another package or one set out of sight, an address handed
// away, a method called through an interface.
func (e *Effects) Callees(call ssa.CallInstruction) ([]*ssa.Function, bool) {
	if call == nil || e.Pkg() == nil {
		return nil, false
	}
	c := call.Common()
	if c.IsInvoke() {
		return nil, false
	}
	if fn := c.StaticCallee(); fn != nil {
		return []*ssa.Function{fn}, true
	}
	f := &funcResolver{e: e, seen: map[ssa.Value]bool{}, known: true}
	fns := f.value(c.Value)
	return fns, f.known
}

// funcResolver follows a function value to the functions it may hold;
// known turns false at the first value out of sight.
type funcResolver struct {
	e     *Effects
	seen  map[ssa.Value]bool
	known bool
}

func (f *funcResolver) value(v ssa.Value) []*ssa.Function {
	if f.seen[v] {
		return nil
	}
	f.seen[v] = true
	switch v := v.(type) {
	case *ssa.Function:
		return []*ssa.Function{v}
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok {
			return []*ssa.Function{fn}
		}
	case *ssa.Phi:
		var out []*ssa.Function
		for _, edge := range v.Edges {
			out = append(out, f.value(edge)...)
		}
		return out
	case *ssa.ChangeType:
		return f.value(v.X)
	case *ssa.Const:
		if v.IsNil() {
			return nil // calling it panics: it runs nothing
		}
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return f.load(v.X)
		}
	case *ssa.Field:
		return f.field(fieldOf(v.X.Type(), v.Field))
	}
	f.known = false
	return nil
}

// load follows a value loaded from an address: a package variable, a
// struct field, or a local the code stores into.
func (f *funcResolver) load(addr ssa.Value) []*ssa.Function {
	switch a := addr.(type) {
	case *ssa.Global:
		obj := a.Object()
		if a.Pkg != f.e.Pkg() || obj != nil && obj.Exported() && !f.e.command() || addressEscapes(a, f.e.uses(a)) {
			break
		}
		return f.storedAt(func(st *ssa.Store) bool { return st.Addr == a })
	case *ssa.FieldAddr:
		return f.field(fieldOf(a.X.Type(), a.Field))
	case *ssa.Alloc:
		if addressEscapes(a, *a.Referrers()) {
			break
		}
		return f.storedAt(func(st *ssa.Store) bool { return st.Addr == a })
	}
	f.known = false
	return nil
}

// field follows a struct field of this package through every store into
// it. An exported field of an exported type may be set out of sight,
// unless the package is a command, which nothing imports.
func (f *funcResolver) field(fv *types.Var) []*ssa.Function {
	if fv == nil || fv.Pkg() != f.e.Pkg().Pkg || fv.Exported() && exportedOwner(fv) && !f.e.command() {
		f.known = false
		return nil
	}
	for _, fa := range f.e.fieldAddrs(fv) {
		if addressEscapes(fa, *fa.Referrers()) {
			f.known = false
			return nil
		}
	}
	return f.storedAt(func(st *ssa.Store) bool {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		return ok && fieldOf(fa.X.Type(), fa.Field) == fv
	})
}

// storedAt returns the functions every matching store of the package
// writes; none found leaves the value out of sight.
func (f *funcResolver) storedAt(match func(*ssa.Store) bool) []*ssa.Function {
	var out []*ssa.Function
	found := false
	for _, st := range f.e.allStores() {
		if match(st) {
			found = true
			out = append(out, f.value(st.Val)...)
		}
	}
	if !found {
		f.known = false
	}
	return out
}

// command reports whether the package is a command (package main), which
// no other package imports.
func (e *Effects) command() bool { return e.Pkg().Pkg.Name() == "main" }
