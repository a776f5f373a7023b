package effects

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A field of a struct the function itself makes (task := &Task{Status:
// status}; db.Exec(q, task.Status)) holds what the function stores into
// it before the read, whatever the package stores into that field
// elsewhere (a Scan into another Task's Status). The struct may be handed
// on (returned, scanned into) after the read: only a use that can run
// before it could change the field.

// localField resolves a read, at, of a field of a struct allocated in the
// read's function. ok is false when the struct or that field's address
// can reach code out of sight before the read, or when no store into the
// field runs on every path before it.
func (r *resolver) localField(fa *ssa.FieldAddr, at ssa.Instruction, b *binding, depth int) (Values, bool) {
	alloc, ok := fa.X.(*ssa.Alloc)
	if !ok || alloc.Parent() != at.Parent() || alloc.Referrers() == nil {
		return Values{}, false
	}
	var stores []*ssa.Store
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.FieldAddr:
			if ref.Field != fa.Field {
				continue // another field: its address cannot reach this one
			}
			for _, use := range *ref.Referrers() {
				switch use := use.(type) {
				case *ssa.Store:
					if use.Addr != ref {
						if mayRunBefore(use, at) {
							return Values{}, false
						}
						continue
					}
					stores = append(stores, use)
				case *ssa.UnOp:
					if use.Op != token.MUL && mayRunBefore(use, at) {
						return Values{}, false
					}
				case *ssa.DebugRef:
				default:
					if mayRunBefore(use, at) {
						return Values{}, false // Scan(&t.Status) before the read
					}
				}
			}
		case *ssa.DebugRef:
		default:
			if mayRunBefore(ref, at) {
				return Values{}, false // the struct handed on before the read
			}
		}
	}
	dominated := false
	var out Values
	for _, st := range stores {
		dominated = dominated || Before(st, at)
		out = union(out, r.value(st.Val, b, depth))
	}
	if !dominated {
		return Values{}, false // the zero value, or a store on some paths only
	}
	return out, true
}

// MayRunBefore reports whether instruction a can run before b in one call
// of their function: earlier in b's block, or in a block from which b's
// can be reached. Calls in two cases of one switch never run in turn.
func MayRunBefore(a, b ssa.Instruction) bool { return a.Parent() == b.Parent() && mayRunBefore(a, b) }

// mayRunBefore is MayRunBefore for instructions of one function.
func mayRunBefore(a, b ssa.Instruction) bool {
	if a.Block() == b.Block() {
		for _, instr := range a.Block().Instrs {
			if instr == a {
				return true
			}
			if instr == b {
				break
			}
		}
		// a after b in their block: only a loop back reaches b again.
		for _, s := range a.Block().Succs {
			if reachable(s, b.Block(), func(*ssa.BasicBlock) bool { return false }) {
				return true
			}
		}
		return false
	}
	return reachable(a.Block(), b.Block(), func(*ssa.BasicBlock) bool { return false })
}
