package effects

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// What a struct holds when a call receives its address (an ORM's
// Save(&job) after job.Status = "running"), read backward on SSA from the
// call along every path: the latest store into each field, and whether the
// struct was last filled from the database (First(&job), or a copy of an
// element of a slice Find(&jobs) filled). A call on the way that receives
// the struct's address may change it: the caller says, per call, whether
// it fills the struct, keeps what the code set in it, or may do anything.

// PointerUse is what a call that receives a struct's address does to it.
type PointerUse int

const (
	UseUnknown PointerUse = iota // may change any field
	UseFills                     // fills it from the database (a read into it)
	UseKeeps                     // leaves every field the code set as it was
)

// A FieldStore is one store into a field that reaches the call.
type FieldStore struct {
	// Values is what is stored: the text, for a field of a string type;
	// the integer, named by its constant (see Ints), for a field of a
	// named integer type (a state coded as an integer).
	Values Values
	Pos    token.Pos // the store's
}

// StructAt is what the struct holds at the call.
type StructAt struct {
	// Fields holds, by field name, the stores that reach the call on its
	// paths, for each field that some store sets on every path since the
	// struct was allocated, filled or given to a call that may change it.
	Fields map[string][]FieldStore
	// Filled says that on every path the struct was filled from the
	// database (a UseFills call) before the call, and given to no call
	// that may change it since.
	Filled bool
}

// StructAt reads the struct whose address argument arg of a call passes
// (a local variable whose address the code takes, a pointer parameter, a
// variable a closure shares with its function, read from the closure's
// entry on, or an element's address, j := &jobs[i], through that
// pointer), or the copy of such a struct the argument is, as it was when
// copied (Updates(job)). False when the call, the argument or the
// struct's uses are out of sight: its address stored anywhere, captured
// by a closure, or a field's address passed on. (As with a pointer
// parameter, a store through another pointer to the same struct is not
// seen.)
func (e *Effects) StructAt(call *ast.CallExpr, arg int, use func(*ssa.CallCommon) PointerUse) (StructAt, bool) {
	ci := e.Call(call)
	ptr := Arg(ci, arg)
	if mi, ok := ptr.(*ssa.MakeInterface); ok {
		ptr = mi.X
	}
	var from ssa.Instruction = ci
	if ld, ok := ptr.(*ssa.UnOp); ok && ld.Op == token.MUL {
		ptr, from = ld.X, ld
	}
	switch ptr.(type) {
	case *ssa.Alloc, *ssa.Parameter, *ssa.FreeVar, *ssa.IndexAddr:
	default:
		return StructAt{}, false
	}
	if _, isPtr := ptr.Type().Underlying().(*types.Pointer); !isPtr {
		return StructAt{}, false
	}
	st, ok := structOf(ptr.Type())
	if !ok || !pointerStaysLocal(ptr, from) {
		return StructAt{}, false
	}
	at := instrIndex(from)
	w := structWalk{ptr: ptr, use: use}
	out := StructAt{Fields: map[string][]FieldStore{}}
	for i := range st.NumFields() {
		f := st.Field(i)
		stores, ok := w.field(i, from.Block(), at, map[*ssa.BasicBlock]bool{})
		if !ok || len(stores) == 0 {
			continue
		}
		for _, s := range stores {
			fs := FieldStore{Pos: s.Pos()}
			switch {
			case isStringType(f.Type()):
				fs.Values = e.Strings(s.Val)
			case isNamedInteger(f.Type()):
				fs.Values = e.Ints(s.Val)
			}
			out.Fields[f.Name()] = append(out.Fields[f.Name()], fs)
		}
	}
	out.Filled = w.filled(ptr, from.Block(), at, map[*ssa.BasicBlock]bool{})
	return out, true
}

// structWalk walks backward from a call through the instructions that
// reach it.
type structWalk struct {
	ptr ssa.Value
	use func(*ssa.CallCommon) PointerUse
}

// field returns the stores into field i of the struct that reach
// instruction at of block b on each path; false when some path reaches
// the struct's allocation, a whole store, the function's entry or a call
// that may change it first.
func (w *structWalk) field(i int, b *ssa.BasicBlock, at int, seen map[*ssa.BasicBlock]bool) ([]*ssa.Store, bool) {
	for j := at - 1; j >= 0; j-- {
		switch x := b.Instrs[j].(type) {
		case *ssa.Store:
			if fa, ok := x.Addr.(*ssa.FieldAddr); ok && fa.X == w.ptr && fa.Field == i {
				return []*ssa.Store{x}, true
			}
			if x.Addr == w.ptr {
				return nil, false
			}
		case *ssa.Alloc:
			if x == w.ptr {
				return nil, false // its zero value
			}
		case ssa.CallInstruction:
			if passes(x.Common(), w.ptr) && w.use(x.Common()) != UseKeeps {
				return nil, false
			}
		}
	}
	if len(b.Preds) == 0 {
		return nil, false
	}
	var out []*ssa.Store
	for _, p := range b.Preds {
		if seen[p] {
			continue // a loop's way back: its stores come in on the other paths
		}
		seen[p] = true
		s, ok := w.field(i, p, len(p.Instrs), seen)
		if !ok {
			return nil, false
		}
		out = append(out, s...)
	}
	return out, true
}

// filled reports whether on every path to instruction at of block b the
// struct at ptr was filled from the database, and given to no call that
// may change it since: by a UseFills call, or by a whole store of an
// element of a slice so filled (for _, job := range jobs after
// Find(&jobs)).
func (w *structWalk) filled(ptr ssa.Value, b *ssa.BasicBlock, at int, seen map[*ssa.BasicBlock]bool) bool {
	for j := at - 1; j >= 0; j-- {
		switch x := b.Instrs[j].(type) {
		case *ssa.Store:
			if x.Addr == ptr {
				return w.filledElement(x.Val)
			}
		case *ssa.Alloc:
			if x == ptr {
				return false
			}
		case ssa.CallInstruction:
			if passes(x.Common(), ptr) {
				switch w.use(x.Common()) {
				case UseFills:
					return true
				case UseUnknown:
					return false
				}
			}
		}
	}
	if len(b.Preds) == 0 {
		return false
	}
	for _, p := range b.Preds {
		if seen[p] {
			continue // judged on another path, or a loop's way back
		}
		seen[p] = true
		if !w.filled(ptr, p, len(p.Instrs), seen) {
			return false
		}
	}
	return true
}

// filledElement reports whether v is an element read from a slice that a
// local variable holds, filled from the database where it is read
// (*(&jobs[i]) with jobs loaded after Find(&jobs)).
func (w *structWalk) filledElement(v ssa.Value) bool {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false
	}
	ia, ok := load.X.(*ssa.IndexAddr)
	if !ok {
		return false
	}
	sl, ok := ia.X.(*ssa.UnOp)
	if !ok || sl.Op != token.MUL {
		return false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || !pointerStaysLocal(alloc, sl) {
		return false
	}
	return w.filled(alloc, sl.Block(), instrIndex(sl), map[*ssa.BasicBlock]bool{})
}

// passes reports whether a call is given ptr, itself or as an interface.
func passes(c *ssa.CallCommon, ptr ssa.Value) bool {
	for _, a := range c.Args {
		if mi, ok := a.(*ssa.MakeInterface); ok {
			a = mi.X
		}
		if a == ptr {
			return true
		}
	}
	return false
}

// pointerStaysLocal reports whether, before instruction at, a struct's
// address is only read through, stored into by field or whole, or passed
// to calls (which the walk judges where they are): not kept anywhere the
// walk cannot see. What the code does with it once at has run (return
// &job) changes nothing at at.
func pointerStaysLocal(ptr ssa.Value, at ssa.Instruction) bool {
	refs := ptr.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		if !mayRunBefore(ref, at) {
			continue
		}
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			if x.Referrers() == nil || addressEscapes(x, *x.Referrers()) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false
			}
		case *ssa.Store:
			if x.Addr != ptr {
				return false
			}
		case *ssa.MakeInterface:
			for _, r := range *x.Referrers() {
				if _, ok := r.(ssa.CallInstruction); !ok {
					return false
				}
			}
		case ssa.CallInstruction, *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// instrIndex returns an instruction's index in its block.
func instrIndex(instr ssa.Instruction) int {
	for i, x := range instr.Block().Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}
