package effects

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Callees returns the functions a call of this package may run: its static
// callee, or, for a call of a function value, every function the value
// may hold, followed through locals, phis, package variables, struct
// fields (constructors, composite literals, assignments) and the
// parameters of a function literal called where it is made. It reports
// false when some value stays out of sight: another parameter, a result, a variable or
// field of another package or one set out of sight, an address handed
// away, a method called through an interface (ReceiverTypes answers which
// types such a call may run on).
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
	r := newHolds(e, funcLeaf)
	fns := r.value(c.Value)
	return fns, r.known
}

// funcLeaf ends a function value at the functions it holds.
func funcLeaf(_ *holds[*ssa.Function], v ssa.Value) ([]*ssa.Function, bool) {
	switch v := v.(type) {
	case *ssa.Function:
		return []*ssa.Function{v}, true
	case *ssa.MakeClosure:
		if fn, ok := v.Fn.(*ssa.Function); ok {
			return []*ssa.Function{fn}, true
		}
	case *ssa.Const:
		if v.IsNil() {
			return nil, true // calling it panics: it runs nothing
		}
	}
	return nil, false
}

// holds follows a value to what it may hold: the values leaf ends it
// at (functions, concrete types), through phis, conversions, locals,
// package variables and struct fields of the package; known turns false
// at the first value out of sight.
type holds[T any] struct {
	e     *Effects
	seen  map[ssa.Value]bool
	known bool
	// leaf returns what v holds when v is a value the walk ends at,
	// and false for the values the walk follows itself.
	leaf func(r *holds[T], v ssa.Value) ([]T, bool)
}

func newHolds[T any](e *Effects, leaf func(*holds[T], ssa.Value) ([]T, bool)) *holds[T] {
	return &holds[T]{e: e, seen: map[ssa.Value]bool{}, known: true, leaf: leaf}
}

func (r *holds[T]) value(v ssa.Value) []T {
	if r.seen[v] {
		return nil
	}
	r.seen[v] = true
	if out, ok := r.leaf(r, v); ok {
		return out
	}
	switch v := v.(type) {
	case *ssa.Phi:
		var out []T
		for _, edge := range v.Edges {
			out = append(out, r.value(edge)...)
		}
		return out
	case *ssa.ChangeType:
		return r.value(v.X)
	case *ssa.UnOp:
		if v.Op == token.MUL {
			return r.load(v.X)
		}
	case *ssa.Field:
		return r.field(fieldOf(v.X.Type(), v.Field))
	case *ssa.Parameter:
		if arg := calledInPlaceArg(v); arg != nil {
			return r.value(arg)
		}
	}
	r.known = false
	return nil
}

// calledInPlaceArg returns what the one call of a function literal gives
// its parameter, when the literal is made in one place and only called
// there (go func(start func(context.Context)) { start(ctx) }(w.start)); nil
// for a parameter of any other function.
func calledInPlaceArg(p *ssa.Parameter) ssa.Value {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if fn.Parent() == nil || i < 0 {
		return nil
	}
	refs := references(fn)
	if len(refs) != 1 {
		return nil
	}
	var callee ssa.Value = fn
	if mc, ok := refs[0].(*ssa.MakeClosure); ok {
		if mrefs := mc.Referrers(); mrefs == nil || len(*mrefs) != 1 {
			return nil
		} else if call, ok := (*mrefs)[0].(ssa.CallInstruction); ok && call.Common().Value == mc && i < len(call.Common().Args) {
			return call.Common().Args[i]
		}
		return nil
	}
	if call, ok := refs[0].(ssa.CallInstruction); ok && call.Common().Value == callee && i < len(call.Common().Args) {
		return call.Common().Args[i]
	}
	return nil
}

// load follows a value loaded from an address: a package variable, a
// struct field, or a local the code stores into.
func (r *holds[T]) load(addr ssa.Value) []T {
	switch a := addr.(type) {
	case *ssa.Global:
		obj := a.Object()
		if a.Pkg != r.e.Pkg() || obj != nil && obj.Exported() && !r.e.command() || addressEscapes(a, r.e.uses(a)) {
			break
		}
		return r.storedAt(func(st *ssa.Store) bool { return st.Addr == a })
	case *ssa.FieldAddr:
		return r.field(fieldOf(a.X.Type(), a.Field))
	case *ssa.Alloc:
		if addressEscapes(a, *a.Referrers()) {
			return r.captured(a)
		}
		return r.storedAt(func(st *ssa.Store) bool { return st.Addr == a })
	case *ssa.FreeVar:
		if alloc := capturedLocal(a); alloc != nil {
			return r.captured(alloc)
		}
	case *ssa.IndexAddr:
		if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
			return r.elems(a.X, 0)
		}
	}
	r.known = false
	return nil
}

// elems follows an element of a slice the function builds itself (a
// composite literal, appends to it, a phi of those): what the code stores
// into its elements, such as the workers of
// `for _, w := range []Runner{a, b} { go w.Run(ctx) }`. A slice that leaves
// the function's hands (passed to a call, stored, a parameter) is out of
// sight.
func (r *holds[T]) elems(v ssa.Value, depth int) []T {
	if depth > 16 || r.seen[v] {
		return nil
	}
	r.seen[v] = true
	if !slicePrivate(v) {
		r.known = false
		return nil
	}
	switch v := v.(type) {
	case *ssa.Const:
		if v.IsNil() {
			return nil
		}
	case *ssa.Phi:
		var out []T
		for _, edge := range v.Edges {
			out = append(out, r.elems(edge, depth+1)...)
		}
		return out
	case *ssa.Slice:
		out := r.elemStores(v)
		if arr, ok := v.X.(*ssa.Alloc); ok {
			if !slicePrivate(arr) {
				r.known = false
				return nil
			}
			return append(out, r.elemStores(arr)...)
		}
		if _, ok := v.X.Type().Underlying().(*types.Slice); ok {
			return append(out, r.elems(v.X, depth+1)...)
		}
	case *ssa.Call:
		if b, ok := v.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(v.Call.Args) == 2 {
			out := r.elemStores(v)
			out = append(out, r.elems(v.Call.Args[0], depth+1)...)
			return append(out, r.elems(v.Call.Args[1], depth+1)...)
		}
	}
	r.known = false
	return nil
}

// elemStores returns what the code stores into the elements of a slice
// or array: stores through its IndexAddrs.
func (r *holds[T]) elemStores(v ssa.Value) []T {
	var out []T
	for _, ref := range *v.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		if addressEscapes(ia, *ia.Referrers()) {
			r.known = false // an element's address handed away
			return nil
		}
		for _, use := range *ia.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, r.value(st.Val)...)
			}
		}
	}
	return out
}

// slicePrivate reports whether a slice (or the array behind a slice
// literal) stays in its function's hands: it is only indexed, sliced,
// ranged over, measured, or appended to.
func slicePrivate(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true // a constant
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.IndexAddr, *ssa.Slice, *ssa.Phi, *ssa.DebugRef, *ssa.Range:
		case *ssa.Index:
		case *ssa.Call:
			b, ok := ref.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "len" && b.Name() != "cap" && b.Name() != "append" {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// captured follows a local that closures capture (go func() { q.Work() }(),
// an errgroup's g.Go): every store into it, by its function or through
// the closures' free variables. A closure that captures it again, or any
// other use of its address, leaves it out of sight.
func (r *holds[T]) captured(a *ssa.Alloc) []T {
	addrs := []ssa.Value{a}
	for _, ref := range *a.Referrers() {
		mc, ok := ref.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		fn, ok := mc.Fn.(*ssa.Function)
		if !ok {
			r.known = false
			return nil
		}
		for i, b := range mc.Bindings {
			if b == a {
				addrs = append(addrs, fn.FreeVars[i])
			}
		}
	}
	for _, addr := range addrs {
		for _, ref := range *addr.Referrers() {
			if _, ok := ref.(*ssa.MakeClosure); ok && addr == a {
				continue
			}
			if addressEscapes(addr, []ssa.Instruction{ref}) {
				r.known = false
				return nil
			}
		}
	}
	return r.storedAt(func(st *ssa.Store) bool { return slices.Contains(addrs, st.Addr) })
}

// capturedLocal returns the local a closure's free variable captures, or nil.
func capturedLocal(fv *ssa.FreeVar) *ssa.Alloc {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	if fn.Parent() == nil || i < 0 {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				a, _ := mc.Bindings[i].(*ssa.Alloc)
				return a
			}
		}
	}
	return nil
}

// field follows a struct field of this package through every store into
// it. An exported field of an exported type may be set out of sight,
// unless the package is a command, which nothing imports.
func (r *holds[T]) field(fv *types.Var) []T {
	if fv == nil || fv.Pkg() != r.e.Pkg().Pkg || fv.Exported() && exportedOwner(fv) && !r.e.command() {
		r.known = false
		return nil
	}
	for _, fa := range r.e.fieldAddrs(fv) {
		if addressEscapes(fa, *fa.Referrers()) {
			r.known = false
			return nil
		}
	}
	return r.written(r.e.storesToField(fv))
}

// storedAt returns what every matching store of the package writes; none
// found leaves the value out of sight.
func (r *holds[T]) storedAt(match func(*ssa.Store) bool) []T {
	var stores []*ssa.Store
	for _, st := range r.e.allStores() {
		if match(st) {
			stores = append(stores, st)
		}
	}
	return r.written(stores)
}

// written returns what the stores write; none leaves the value out of
// sight.
func (r *holds[T]) written(stores []*ssa.Store) []T {
	var out []T
	for _, st := range stores {
		out = append(out, r.value(st.Val)...)
	}
	if len(stores) == 0 {
		r.known = false
	}
	return out
}

// command reports whether the package is a command (package main), which
// no other package imports.
func (e *Effects) command() bool { return e.Pkg().Pkg.Name() == "main" }
