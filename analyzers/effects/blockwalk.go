package effects

import (
	"slices"

	"golang.org/x/tools/go/ssa"
)

// WalkBlocks visits the blocks reachable from start, depth first, each
// block once. visit returns the blocks to go on to from b (b.Succs, some
// of them, or none where the path ends there) and whether to stop the
// walk; WalkBlocks reports whether a visit stopped it.
//
// The blocks are visited in the order of a stack: of the blocks a visit
// returns, the last is visited first. Callers that keep the first of
// something they meet depend on that order.
func WalkBlocks(start []*ssa.BasicBlock, visit func(b *ssa.BasicBlock) (next []*ssa.BasicBlock, stop bool)) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := slices.Clone(start)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		next, stop := visit(b)
		if stop {
			return true
		}
		stack = append(stack, next...)
	}
	return false
}

// reachesPassingNone reports whether the instruction to runs after the
// instruction at index from of block start (-1: from the block's first
// instruction on) on some path that passes no instruction for which
// blocked holds. to's own block is entered again only through its
// predecessors: a path that leaves it and loops back passes it from its
// first instruction.
func reachesPassingNone(start *ssa.BasicBlock, from int, to ssa.Instruction, blocked func(ssa.Instruction) bool) bool {
	target, at := to.Block(), slices.Index(to.Block().Instrs, to)
	// blocks reports whether one of b's instructions from lo to hi
	// (excluded) is blocked.
	blocks := func(b *ssa.BasicBlock, lo, hi int) bool {
		return slices.ContainsFunc(b.Instrs[lo:hi], blocked)
	}
	if start == target && at > from && !blocks(start, from+1, at) {
		return true
	}
	if blocks(start, from+1, len(start.Instrs)) {
		return false
	}
	return WalkBlocks(start.Succs, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b == target && !blocks(b, 0, at) {
			return nil, true
		}
		if blocks(b, 0, len(b.Instrs)) {
			return nil, false
		}
		return b.Succs, false
	})
}
