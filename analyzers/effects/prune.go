package effects

import (
	"go/constant"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A helper followed from one call site runs only the branches that the
// call's arguments allow: a function that picks its SQL by a switch on a
// constant argument gives that argument's SQL, not every case's. The
// branches a condition of known values decides are pruned; any other
// condition keeps both.

// edge is a control-flow edge: the i-th successor of a block.
type edge struct {
	from *ssa.BasicBlock
	succ int
}

// feasible returns the edges of a function that may run under a binding
// of its parameters, or nil when no condition is decided (every edge may).
func (r *resolver) feasible(b *binding, depth int) map[edge]bool {
	if b == nil || len(b.fn.Blocks) == 0 {
		return nil
	}
	if r.edges == nil {
		r.edges = map[*binding]map[edge]bool{}
	}
	if out, ok := r.edges[b]; ok {
		return out
	}
	r.edges[b] = nil // while deciding, a condition that asks again sees every edge
	out := map[edge]bool{}
	decided := false
	WalkBlocks(b.fn.Blocks[:1], func(blk *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if iff, ok := last(blk).(*ssa.If); ok {
			if v, ok := r.truth(iff.Cond, b, depth); ok {
				decided = true
				taken := 1
				if v {
					taken = 0
				}
				out[edge{blk, taken}] = true
				return blk.Succs[taken : taken+1], false
			}
		}
		for i := range blk.Succs {
			out[edge{blk, i}] = true
		}
		return blk.Succs, false
	})
	if !decided {
		out = nil
	}
	r.edges[b] = out
	return out
}

// reachable reports whether a block may run under a binding.
func (r *resolver) reachable(blk *ssa.BasicBlock, b *binding, depth int) bool {
	edges := r.feasible(b, depth)
	if edges == nil || blk.Index == 0 {
		return true
	}
	for _, p := range blk.Preds {
		if edges[edge{p, slices.Index(p.Succs, blk)}] {
			return true
		}
	}
	return false
}

// phiEdge reports whether a phi's i-th edge may run under a binding.
func (r *resolver) phiEdge(phi *ssa.Phi, i int, b *binding, depth int) bool {
	if b == nil || b.fn != phi.Parent() {
		return true
	}
	edges := r.feasible(b, depth)
	if edges == nil {
		return true
	}
	p := phi.Block().Preds[i]
	return edges[edge{p, slices.Index(p.Succs, phi.Block())}]
}

// truth evaluates a condition over known values: a comparison of strings
// or of integers (constants, len and the strings package's Index
// functions over known text), and !.
func (r *resolver) truth(cond ssa.Value, b *binding, depth int) (bool, bool) {
	switch c := cond.(type) {
	case *ssa.Const:
		if c.Value != nil && c.Value.Kind() == constant.Bool {
			return constant.BoolVal(c.Value), true
		}
	case *ssa.UnOp:
		if c.Op == token.NOT {
			v, ok := r.truth(c.X, b, depth)
			return !v, ok
		}
	case *ssa.Parameter:
		// A bool the call being followed passes (pollSQL(t, true)).
		if b != nil && b.fn == c.Parent() && b.call != nil && depth <= maxSteps {
			return r.truth(b.call.Common().Args[slices.Index(c.Parent().Params, c)], b.outer, depth+1)
		}
	case *ssa.BinOp:
		if isStringType(c.X.Type()) && (c.Op == token.EQL || c.Op == token.NEQ) {
			x, ok1 := single(r.value(c.X, b, depth))
			y, ok2 := single(r.value(c.Y, b, depth))
			if !ok1 || !ok2 {
				return false, false
			}
			return (x == y) == (c.Op == token.EQL), true
		}
		x, ok1 := r.integer(c.X, b, depth)
		y, ok2 := r.integer(c.Y, b, depth)
		if !ok1 || !ok2 {
			return false, false
		}
		switch c.Op {
		case token.EQL:
			return x == y, true
		case token.NEQ:
			return x != y, true
		case token.LSS:
			return x < y, true
		case token.LEQ:
			return x <= y, true
		case token.GTR:
			return x > y, true
		case token.GEQ:
			return x >= y, true
		}
	}
	return false, false
}

// integer evaluates an integer over known values.
func (r *resolver) integer(v ssa.Value, b *binding, depth int) (int64, bool) {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.Int {
			return constant.Int64Val(x.Value)
		}
	case *ssa.Parameter:
		if b != nil && b.fn == x.Parent() && b.call != nil {
			return r.integer(b.call.Common().Args[slices.Index(x.Parent().Params, x)], b.outer, depth)
		}
	case *ssa.Call:
		common := x.Common()
		if builtin, ok := common.Value.(*ssa.Builtin); ok && builtin.Name() == "len" && isStringType(common.Args[0].Type()) {
			if s, ok := single(r.value(common.Args[0], b, depth)); ok {
				return int64(len(s)), true
			}
			return 0, false
		}
		callee := common.StaticCallee()
		if callee == nil || len(common.Args) != 2 {
			return 0, false
		}
		s, ok := single(r.value(common.Args[0], b, depth))
		if !ok {
			return 0, false
		}
		switch {
		case isFunc(callee, "strings", "Index"):
			sub, ok := single(r.value(common.Args[1], b, depth))
			return int64(strings.Index(s, sub)), ok
		case isFunc(callee, "strings", "IndexByte"), isFunc(callee, "strings", "IndexRune"):
			c, ok := r.integer(common.Args[1], b, depth)
			if !ok {
				return 0, false
			}
			if isFunc(callee, "strings", "IndexByte") {
				return int64(strings.IndexByte(s, byte(c))), true
			}
			return int64(strings.IndexRune(s, rune(c))), true
		}
	}
	return 0, false
}

// truncated resolves s[:strings.IndexRune(s, 0)] (or IndexByte), the step
// of pq's QuoteIdentifier that cuts a name at its first NUL: a known text
// is cut as Go cuts it; an unknown name is kept: PostgreSQL 15 rejects a
// query whose text holds a NUL (checked through pgx, simple and extended
// protocol: "invalid message format", "insufficient data left in
// message"), so a name that reaches a table in any statement has none.
// False when the slice is not that step.
func (r *resolver) truncated(s *ssa.Slice, b *binding, depth int) (Values, bool) {
	call, ok := s.High.(*ssa.Call)
	if !ok || s.Low != nil || s.Max != nil || !isStringType(s.X.Type()) {
		return Values{}, false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || !isFunc(callee, "strings", "IndexRune") && !isFunc(callee, "strings", "IndexByte") {
		return Values{}, false
	}
	if args := call.Common().Args; args[0] != s.X {
		return Values{}, false
	} else if c, ok := args[1].(*ssa.Const); !ok || c.Int64() != 0 {
		return Values{}, false
	}
	vs := r.value(s.X, b, depth)
	for i, v := range vs.Set {
		if t, ok := v.Text(); ok {
			if k := strings.IndexByte(t, 0); k >= 0 {
				vs.Set[i].Parts = []Part{{Text: t[:k]}}
			}
		}
	}
	return vs, true
}
