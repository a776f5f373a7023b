package maxattempts

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// valueDecided reports whether the attempt limit decides a value the
// retry is given rather than whether it runs: a value bound to the retry's
// statement (its time, its state, its delay) is, on its way there, the
// join of the two sides of a branch on an attempt count:
//
//	delay := backoff(attempt)
//	if attempt >= max {
//		delay = 100 * 365 * 24 * time.Hour // parked for an operator
//	}
//	store.ScheduleRetry(ctx, id, now.Add(delay))
//
// The value is followed through the statement's call, and through the
// calls of its function in the package (every one of them must decide
// it, and hand it to the parameter that reaches the statement). What the
// limit makes of the value is not judged: a retry the limit parks, delays
// or marks is bounded by the limit's own decision, and one whose value
// does not depend on the limit is still reported.
func valueDecided(e *judge, call ssa.CallInstruction) bool {
	if argsDecided(e, call.Common().Args) {
		return true
	}
	fn := call.Parent()
	if fn == nil || fn.Parent() != nil {
		return false // a function literal: its callers are out of this reach
	}
	callers := slices.DeleteFunc(slices.Clone(e.CallersOf(fn)), inTest)
	if len(callers) == 0 {
		return false
	}
	targets := call.Common().Args
	for _, c := range callers {
		common := c.Common()
		if common.IsInvoke() || len(common.Args) != len(fn.Params) {
			return false
		}
		ok := false
		for i, a := range common.Args {
			if !argsDecided(e, []ssa.Value{a}) {
				continue
			}
			p := fn.Params[i]
			for _, t := range targets {
				if t == p || e.Flows(p, t) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// argsDecided reports whether one of the values is built from the join of
// a branch on an attempt count.
func argsDecided(e *judge, args []ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	for _, a := range args {
		if joinsLimit(e, a, 6, seen) {
			return true
		}
	}
	return false
}

// joinsLimit follows a value back through what computes it (arithmetic,
// conversions, the calls that take it: now.Add(delay), the variadic
// arguments of a database call) to a φ whose block joins the two sides of
// a branch on an attempt count.
func joinsLimit(e *judge, v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth == 0 || seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		if joinOfLimit(e, v.Block()) {
			return true
		}
		for _, x := range v.Edges {
			if joinsLimit(e, x, depth-1, seen) {
				return true
			}
		}
	case *ssa.BinOp:
		return joinsLimit(e, v.X, depth-1, seen) || joinsLimit(e, v.Y, depth-1, seen)
	case *ssa.UnOp:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Convert:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.ChangeType:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.MakeInterface:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Extract:
		return joinsLimit(e, v.Tuple, depth-1, seen)
	case *ssa.Call:
		for _, a := range v.Common().Args {
			if joinsLimit(e, a, depth-1, seen) {
				return true
			}
		}
	case *ssa.Slice:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Alloc:
		// The variadic arguments of a call: the values stored in the array.
		for _, ref := range *v.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				for _, r := range *ia.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == ia && joinsLimit(e, st.Val, depth-1, seen) {
						return true
					}
				}
			}
		}
	}
	return false
}

// joinOfLimit reports whether a block joins the two sides of a branch on
// an attempt count: a block that dominates it ends in such a branch, and
// neither side alone leads to it.
func joinOfLimit(e *judge, b *ssa.BasicBlock) bool {
	cond := guardCond(e)
	for d, i := b.Idom(), 0; d != nil && i < 4; d, i = d.Idom(), i+1 {
		if len(d.Instrs) == 0 || len(d.Succs) != 2 {
			continue
		}
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || sideOnly(d.Succs[0], b) || sideOnly(d.Succs[1], b) {
			continue
		}
		if cond(ifi.Cond) {
			return true
		}
	}
	return false
}

// sideOnly reports whether a block is reached only through one side of a
// branch: the side's block dominates it and is not the block itself (the
// join of an if with no else is its false side).
func sideOnly(side, b *ssa.BasicBlock) bool { return side != b && side.Dominates(b) }
