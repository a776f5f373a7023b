package effects

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// A relay (an outbox's) polls rows unlocked, hands each on and marks it by
// key. When handing a row on fails for a reason of the row's own (its
// payload does not decode), a path that leaves the row unmarked and writes
// nothing about it puts the row back in front of the next poll, as it was.

// A Skip is where a row's own failure leaves it unmarked: the failing work
// (a decoder given what the poll read) and the end of the path its error
// takes (a return, or the loop going on to the next row).
type Skip struct {
	Work ssa.CallInstruction
	At   ssa.Instruction
}

// Pos is where the path that skips the mark ends.
func (s Skip) Pos() token.Pos { return endPos(s.At) }

// RowFailureSkips returns the decoders of what poll read, called between
// poll and mark in their function, whose error leads, on every path, to a
// return or to the next turn of the loop around the decoder without
// reaching mark and without any call that may write to the database (a
// failure recorded: a 'failed' state, an attempt counted, a dead letter).
// A function whose poll and mark are in different function bodies
// (closures) is not judged.
func (e *Effects) RowFailureSkips(poll, mark ssa.CallInstruction) []Skip {
	if e == nil || e.Pkg() == nil || poll == nil || mark == nil || poll.Parent() != mark.Parent() || poll.Value() == nil {
		return nil
	}
	fn := poll.Parent()
	var out []Skip
	for c := range errChecks(fn) {
		w := e.rowDecoder(c.err)
		if w == nil || w.Parent() != fn || !Before(poll, w) || !sameTurn(w, mark) || !e.fedByRows(poll, w) {
			continue
		}
		if at := e.skipsMark(c.onError, w); at != nil {
			out = append(out, Skip{Work: w, At: at})
		}
	}
	return out
}

// rowDecoder returns the call an error comes from when that call decodes
// a payload: a standard library decoder, or a function of the package
// that calls one and may write nothing.
func (e *Effects) rowDecoder(v ssa.Value) ssa.CallInstruction {
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil
	}
	if decodes(call) {
		return call
	}
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg != e.pkg || len(callee.AnonFuncs) > 0 || e.mayWrite(call, 0) {
		return nil
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(ssa.CallInstruction); ok && decodes(c) {
				return call
			}
		}
	}
	return nil
}

// fedByRows reports whether a call is given what the poll read.
func (e *Effects) fedByRows(poll, c ssa.CallInstruction) bool {
	rows := poll.Value()
	for _, a := range c.Common().Args {
		if e.Flows(rows, a) {
			return true
		}
	}
	return false
}

// sameTurn reports whether mark can run after w in the same turn of the
// loops around w: later in w's block, or in a block reachable from it
// without going back to a block that comes before w (the head of a loop).
// A mark after the loop (of the ids gathered in it) is no such mark: what
// the loop gathers the tool does not follow.
func sameTurn(w, mark ssa.Instruction) bool {
	if w.Block() == mark.Block() {
		return Before(w, mark)
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), w.Block().Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] || x.Dominates(w.Block()) {
			continue
		}
		seen[x] = true
		if x == mark.Block() {
			return true
		}
		stack = append(stack, x.Succs...)
	}
	return false
}

// skipsMark walks every path from start (the error's side of the check of
// w's error) and returns where the first one ends, when each ends at a
// return or back at a block that comes before w (the loop takes the next
// row) with no call that may write (the mark among them) on the way; nil
// otherwise. A path that panics ends nowhere it reports.
func (e *Effects) skipsMark(start *ssa.BasicBlock, w ssa.CallInstruction) ssa.Instruction {
	var first ssa.Instruction
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if b.Dominates(w.Block()) {
			// Back at the loop's head: the next row. The branch that took
			// the path there is where it ends.
			if first == nil {
				first = last(b)
			}
			continue
		}
		done := false
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if e.mayWrite(x, 0) && !endsQuietly(x) {
					return nil // the mark, or a failure recorded
				}
			case *ssa.Return:
				if first == nil || x.Pos() < first.Pos() && x.Pos().IsValid() {
					first = x
				}
				done = true
			}
		}
		if !done {
			stack = append(stack, b.Succs...)
		}
	}
	return first
}

// endsQuietly reports whether a call only lets go of a handle or a result
// (a Rollback, a Close): it records nothing.
func endsQuietly(c ssa.CallInstruction) bool {
	switch calleeName(c.Common()) {
	case "Rollback", "Close", "Err", "Release":
		return true
	}
	return false
}
