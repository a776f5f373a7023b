package effects

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// A field of the struct a helper is given (save(ctx, j) binds j.Status)
// holds, at each call of the helper, what the caller stored into that
// struct before the call: j.Status = Done on the success path, Queued on
// the failure path, or what the constructor that made the struct wrote
// (return &Job{Status: Pending}). That is the value the statement binds
// there, whatever other code stores into the same field of other structs
// (a Scan, a cancel that sets Cancelled). Each value keeps the calls it
// was passed through (Value.At), as a parameter's does, so that a rule
// judges it at the call that gives it.
//
// The field is followed back from the read: the stores into it that reach
// the read with no other store between; where a path from the struct's
// origin reaches the read with no store, the origin's own value (the
// callers' argument for a parameter, the constructor's for a call of a
// function of the package, the value a closure captured). Anything that
// can change the field out of sight on a path to the read (the struct, or
// the field's address, handed to a call, stored or converted) makes the
// value unknown here, and the read falls back to the field's stores in
// the whole package.

// allText reports whether every value a field read is followed to is
// known text: anything else (a hole, a parameter of a function code out
// of sight calls) is read as the field, which keeps the field's identity
// as a placeholder (a table name held in a field) and says why it is not
// known.
func allText(vs Values) bool {
	if !vs.Known() {
		return false
	}
	for _, v := range vs.Set {
		if _, ok := v.Text(); !ok {
			return false
		}
	}
	return true
}

// builtKey keys the fields being followed, against cycles (a recursive
// helper, callers that call each other).
type builtKey struct {
	base  ssa.Value
	field int
	at    ssa.Instruction
}

// builtField resolves field of the struct the pointer base points to, as
// read at at (an instruction of the function b binds, if any). ok is
// false when the field's value there is out of sight.
func (r *resolver) builtField(base ssa.Value, field int, at ssa.Instruction, b *binding, depth int) (Values, bool) {
	if depth > maxSteps || at == nil || at.Block() == nil {
		return Values{}, false
	}
	key := builtKey{base, field, at}
	if r.onStack[key] {
		return Values{}, false
	}
	r.onStack[key] = true
	defer delete(r.onStack, key)
	depth++

	fn := at.Parent()
	if p, ok := base.(*ssa.Parameter); ok && (b == nil || b.fn != p.Parent()) && r.outOfSight(p.Parent()) != "" {
		// A struct code out of sight hands in (an exported store's
		// SetStatus(ctx, arg)): what its callers set is theirs to say
		// (see queuemodel's callerStates), even where the function
		// overwrites it.
		return Values{}, false
	}
	writes, escapes, ok := writesTo(base, field, at)
	if !ok {
		return Values{}, false
	}
	for _, u := range escapes {
		// A call given the struct matters only where no store of the
		// field follows it on the way to the read (run(j), then j.Status
		// = Done). A struct kept elsewhere (stored, captured by a
		// closure, run by go or defer) may change at any later call.
		_, direct := u.(*ssa.Call)
		if u.Parent() != fn || !direct && mayRunBefore(u, at) || reachesUnwritten(u, at, writes) {
			return Values{}, false
		}
	}
	var out Values
	for _, w := range writes {
		if !reachesUnwritten(w.instr, at, writes) {
			continue // overwritten on every path to the read
		}
		var vs Values
		if w.whole {
			if vs, ok = r.valueField(w.val, field, w.instr, b, depth); !ok {
				return Values{}, false
			}
		} else {
			vs = r.value(w.val, b, depth)
			if r.givers != nil {
				r.givers[w.instr] = union(r.givers[w.instr], vs)
			}
		}
		out = union(out, vs)
	}
	if !reachesUnwritten(nil, at, writes) {
		return out, len(out.Set) > 0 || out.Hole != ""
	}
	// Some path from the struct's origin reaches the read unwritten.
	origin, ok := r.originField(base, field, fn, b, depth)
	if !ok {
		return Values{}, false
	}
	return union(out, origin), true
}

// originField resolves field of the struct base points to as it is when
// base comes into fn: a parameter's at each call, a constructor's result,
// a value a closure captured.
func (r *resolver) originField(base ssa.Value, field int, fn *ssa.Function, b *binding, depth int) (Values, bool) {
	switch x := base.(type) {
	case *ssa.Parameter:
		return r.paramField(x, func(arg ssa.Value, call ssa.CallInstruction, outer *binding) (Values, bool) {
			return r.builtField(arg, field, call, outer, depth)
		}, b)
	case *ssa.FreeVar:
		return r.capturedField(x, r.bindingOf(x), field, depth)
	case *ssa.UnOp:
		// A variable the closure shares with its maker (a parameter
		// captured by reference): the value it was set to, when it is set
		// once.
		if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
			if v := setOnce(r.bindingOf(fv)); v != nil {
				return r.capturedField(fv, v, field, depth)
			}
		}
	case *ssa.Call:
		return r.constructed(x, 0, field, b, depth)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return r.constructed(call, x.Index, field, b, depth)
		}
	}
	// An allocation's zero value, a pointer loaded from elsewhere, a phi
	// of several structs: not followed.
	return Values{}, false
}

// paramField resolves what a parameter's field holds at the calls of its
// function: at the call b follows, or at every static call in the package
// when code out of sight cannot call it. at resolves the argument at one
// call.
func (r *resolver) paramField(p *ssa.Parameter, at func(arg ssa.Value, call ssa.CallInstruction, outer *binding) (Values, bool), b *binding) (Values, bool) {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if i < 0 || fn.Parent() != nil {
		return Values{}, false
	}
	if b != nil && b.fn == fn {
		if b.call == nil {
			return Values{}, false // summarizing fn: its callers are not known
		}
		return at(b.call.Common().Args[i], b.call, b.outer)
	}
	if r.outOfSight(fn) != "" {
		return Values{}, false
	}
	callers := r.e.CallersOf(fn)
	if len(callers) == 0 {
		return Values{}, false
	}
	var out Values
	for _, c := range callers {
		if c.Common().IsInvoke() || len(c.Common().Args) != len(fn.Params) {
			return Values{}, false
		}
		vs, ok := at(c.Common().Args[i], c, nil)
		if !ok {
			return Values{}, false
		}
		vs = withCall(vs, c.Common().Pos())
		out = union(out, vs)
	}
	return out, true
}

// withCall records that values reached their use through the call at pos.
func withCall(vs Values, pos token.Pos) Values {
	out := Values{Hole: vs.Hole}
	for _, v := range vs.Set {
		v.At = append(slices.Clone(v.At), pos)
		out.Set = append(out.Set, v)
	}
	return out
}

// capturedField resolves a field of the struct a closure captured: its
// value where the closure is made, when nothing in the maker writes the
// field, or hands the struct on, after that (the closure may run later).
func (r *resolver) capturedField(fv *ssa.FreeVar, bound ssa.Value, field int, depth int) (Values, bool) {
	if bound == nil {
		return Values{}, false
	}
	var made ssa.Instruction
	fn := fv.Parent()
	for _, blk := range fn.Parent().Blocks {
		for _, instr := range blk.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				made = mc
			}
		}
	}
	if made == nil {
		return Values{}, false
	}
	writes, escapes, ok := writesTo(bound, field, made)
	if !ok {
		return Values{}, false
	}
	for _, w := range writes {
		escapes = append(escapes, w.instr)
	}
	for _, u := range escapes {
		if u != made && mayRunBefore(made, u) {
			return Values{}, false
		}
	}
	return r.builtField(bound, field, made, nil, depth)
}

// setOnce returns the one value stored into a local variable that
// closures share (its parameter's value, copied in at the entry), when
// nothing else writes it: its other uses are loads and the closures that
// capture it. Nil otherwise.
func setOnce(v ssa.Value) ssa.Value {
	alloc, ok := v.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil
	}
	var val ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != alloc || val != nil {
				return nil
			}
			val = ref.Val
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return nil
			}
		case *ssa.MakeClosure, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return val
}

// capturedOnly reports whether a store only copies a value into the
// variable one closure shares with its maker and nothing else reads
// (func() { tx.Exec(q, j.Status) } with j a parameter): the closure's own
// reads follow the value back through the variable (see setOnce).
func capturedOnly(st *ssa.Store) bool {
	alloc, ok := st.Addr.(*ssa.Alloc)
	if !ok || setOnce(alloc) != st.Val {
		return false
	}
	closures := 0
	for _, ref := range *alloc.Referrers() {
		switch ref.(type) {
		case *ssa.MakeClosure:
			closures++
		case *ssa.UnOp:
			return false
		}
	}
	return closures == 1
}

// constructed resolves a field of the struct a function of the package
// returns as its result i, its parameters bound to the call's arguments.
func (r *resolver) constructed(call *ssa.Call, i, field int, b *binding, depth int) (Values, bool) {
	callee := r.ownFunc(call)
	if callee == nil || r.onStack[callee] {
		return Values{}, false
	}
	r.onStack[callee] = true
	defer delete(r.onStack, callee)
	inner := &binding{fn: callee, call: call, outer: b}
	var out Values
	returns := 0
	for _, blk := range callee.Blocks {
		ret, ok := last(blk).(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		if c, ok := ret.Results[i].(*ssa.Const); ok && c.IsNil() {
			continue // return nil, err
		}
		vs, ok := r.builtField(ret.Results[i], field, ret, inner, depth)
		if !ok {
			return Values{}, false
		}
		returns++
		out = union(out, vs)
	}
	return out, returns > 0
}

// valueField resolves field of a struct value (not a pointer): a copy
// loaded from a pointer at the load, or a parameter passed by value.
func (r *resolver) valueField(v ssa.Value, field int, at ssa.Instruction, b *binding, depth int) (Values, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return r.builtField(x.X, field, x, b, depth)
		}
	case *ssa.Parameter:
		return r.paramField(x, func(arg ssa.Value, call ssa.CallInstruction, outer *binding) (Values, bool) {
			return r.valueField(arg, field, call, outer, depth)
		}, b)
	}
	return Values{}, false
}

// A write is a store that sets the field: into the field itself, or of a
// whole struct (*p = q, the entry's copy of a parameter passed by value).
type write struct {
	instr ssa.Instruction
	val   ssa.Value
	whole bool
}

// writesTo returns, from base's uses, the stores into field of the struct
// base points to, and the uses that can change the field out of sight
// (base or the field's address handed to a call, stored, converted). A
// use at at itself (the call that passes base on) does not run before
// it, and loads, the addresses of other fields and debug references
// change nothing.
func writesTo(base ssa.Value, field int, at ssa.Instruction) (writes []write, escapes []ssa.Instruction, ok bool) {
	refs := base.Referrers()
	if refs == nil {
		return nil, nil, false
	}
	escape := func(u ssa.Instruction) {
		if u != at {
			escapes = append(escapes, u)
		}
	}
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ref.Field != field {
				continue // another field: its address cannot reach this one
			}
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr == ref {
						writes = append(writes, write{instr: use, val: use.Val})
					} else {
						escape(use)
					}
				case *ssa.UnOp:
					if use.Op != token.MUL {
						escape(use)
					}
				case *ssa.DebugRef:
				default:
					escape(use) // Scan(&j.Status)
				}
			}
		case *ssa.Store:
			switch {
			case ref.Addr == base:
				writes = append(writes, write{instr: ref, val: ref.Val, whole: true})
			case !capturedOnly(ref):
				escape(ref) // the pointer stored somewhere
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				escape(ref)
			}
		case *ssa.DebugRef:
		default:
			escape(ref) // handed to a call, converted, merged in a phi
		}
	}
	return writes, escapes, true
}

// reachesUnwritten reports whether, from just after from (from the entry
// of at's function when from is nil), a path reaches at with none of
// writes (other than from) on it.
func reachesUnwritten(from, at ssa.Instruction, writes []write) bool {
	written := map[ssa.Instruction]bool{}
	for _, w := range writes {
		if w.instr != from {
			written[w.instr] = true
		}
	}
	fn := at.Parent()
	if from != nil && from.Parent() != fn {
		return false
	}
	blocked := func(instr ssa.Instruction) bool { return written[instr] }
	if from == nil {
		if len(fn.Blocks) == 0 {
			return false
		}
		return reachesPassingNone(fn.Blocks[0], -1, at, blocked)
	}
	return reachesPassingNone(from.Block(), slices.Index(from.Block().Instrs, from), at, blocked)
}

// FieldGivers returns, for a read of a struct's field (j.Status bound to a
// query, through any conversion to an interface) whose value is followed
// to the stores that build the struct (see above), the stores that give
// it the string or integer constant s (an integer written in decimal):
// where the value is chosen, for a rule that asks what guards that
// choice. ok is false when the read is not followed so.
func (e *Effects) FieldGivers(v ssa.Value, s string) (stores []ssa.Instruction, ok bool) {
	if e == nil || e.Pkg() == nil || v == nil {
		return nil, false
	}
	v = Unconverted(v)
	for _, ints := range []bool{false, true} {
		r := &resolver{e: e, onStack: map[any]bool{}, ints: ints, givers: map[ssa.Instruction]Values{}}
		var known bool
		switch x := v.(type) {
		case *ssa.UnOp:
			if fa, isField := x.X.(*ssa.FieldAddr); isField && x.Op == token.MUL {
				_, known = r.builtField(fa.X, fa.Field, x, nil, 0)
			}
		case *ssa.Field:
			_, known = r.valueField(x.X, x.Field, x, nil, 0)
		}
		if !known {
			continue
		}
		for instr, vs := range r.givers {
			for _, val := range vs.Set {
				if t, isText := val.Text(); isText && t == s {
					stores = append(stores, instr)
					break
				}
			}
		}
		if len(stores) > 0 {
			slices.SortFunc(stores, func(a, b ssa.Instruction) int { return int(a.Pos() - b.Pos()) })
			return stores, true
		}
	}
	return nil, false
}
