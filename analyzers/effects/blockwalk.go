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
