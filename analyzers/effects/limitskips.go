package effects

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A relay or a worker that takes a batch of rows may compare a row's own
// attempt count with a limit and, past it, go on to the next row: the row
// is then left as the poll found it, with nothing written, and the next
// poll takes it again. A LimitSkip is such a comparison.
type LimitSkip struct {
	Cond  *ssa.BinOp // the comparison of the count
	Count ssa.Value  // the count's side of it
	At    ssa.Instruction
}

// Pos is where the comparison is (its operator).
func (s LimitSkip) Pos() token.Pos { return s.Cond.Pos() }

// LimitSkips returns the comparisons, in the function of poll and after
// it, of a value read from what the poll returned (any of rows) that
// isCount says is an attempt count, one side of which leads on every path
// to the next row of the loop over those rows (or to a return) with no
// call that may record anything on the way (see mayRecord), while the
// other side reaches such a call: the work, the mark, a failure recorded.
func (e *Effects) LimitSkips(poll ssa.Instruction, rows []ssa.Value, isCount func(ssa.Value) bool) []LimitSkip {
	if e == nil || e.Pkg() == nil || poll == nil || len(rows) == 0 {
		return nil
	}
	fn := poll.Parent()
	var out []LimitSkip
	for _, b := range fn.Blocks {
		br, ok := last(b).(*ssa.If)
		if !ok || len(b.Succs) != 2 || !runsAfter(poll, b) {
			continue
		}
		cond, ok := br.Cond.(*ssa.BinOp)
		if !ok {
			continue
		}
		switch cond.Op {
		case token.GTR, token.GEQ, token.LSS, token.LEQ, token.EQL:
		default:
			continue
		}
		var count ssa.Value
		for _, x := range []ssa.Value{cond.X, cond.Y} {
			if isCount(x) && e.flowsFromAny(rows, x) {
				count = x
				break
			}
		}
		if count == nil {
			continue
		}
		for side := range 2 {
			at := e.leavesRow(b.Succs[side], b, count)
			if at != nil && e.recordsOn(b.Succs[1-side], b) {
				out = append(out, LimitSkip{Cond: cond, Count: count, At: at})
				break
			}
		}
	}
	return out
}

// runsAfter reports whether block b runs after instruction i on every
// path: i's block dominates b (i before b's end when it is b).
func runsAfter(i ssa.Instruction, b *ssa.BasicBlock) bool {
	return i.Block() == b || i.Block().Dominates(b)
}

func (e *Effects) flowsFromAny(rows []ssa.Value, v ssa.Value) bool {
	for _, r := range rows {
		if e.Flows(r, v) {
			return true
		}
	}
	return false
}

// leavesRow walks every path from start (one side of the comparison in
// block at) and returns where the first one ends, when each ends at a
// return or at the head of the loop whose next turn gives count another
// row, with no call that may record on the way; nil otherwise. The head
// of another loop (a retry loop around the work) is not judged.
func (e *Effects) leavesRow(start, at *ssa.BasicBlock, count ssa.Value) ssa.Instruction {
	var first ssa.Instruction
	fails := WalkBlocks([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b.Dominates(at) {
			if !dependsOnPhiOf(count, b, map[ssa.Value]bool{}, 0) {
				return nil, true
			}
			if first == nil {
				first = last(b)
			}
			return nil, false
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if e.mayRecord(x, 0) {
					return nil, true
				}
			case *ssa.Return:
				if first == nil {
					first = x
				}
				return nil, false
			}
		}
		return b.Succs, false
	})
	if fails {
		return nil
	}
	return first
}

// recordsOn reports whether some path from start, before it comes back to
// a block that dominates at (the loop's next turn), reaches a call that
// may record.
func (e *Effects) recordsOn(start, at *ssa.BasicBlock) bool {
	return WalkBlocks([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b.Dominates(at) {
			return nil, false
		}
		for _, instr := range b.Instrs {
			if x, ok := instr.(ssa.CallInstruction); ok && e.mayRecord(x, 0) {
				return nil, true
			}
		}
		return b.Succs, false
	})
}
