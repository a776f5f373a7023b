package effects

import (
	"go/token"
	"go/types"
	"strings"

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
	return WalkBlocks(w.Block().Succs, func(x *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if x.Dominates(w.Block()) {
			return nil, false
		}
		return x.Succs, x == mark.Block()
	})
}

// skipsMark walks every path from start (the error's side of the check of
// w's error) and returns where the first one ends, when each ends at a
// return or back at a block that comes before w (the loop takes the next
// row) with no call that may write (the mark among them) on the way; nil
// otherwise. A path that panics ends nowhere it reports.
func (e *Effects) skipsMark(start *ssa.BasicBlock, w ssa.CallInstruction) ssa.Instruction {
	var first ssa.Instruction
	writes := WalkBlocks([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b.Dominates(w.Block()) {
			// Back at the loop's head: the next row. The branch that took
			// the path there is where it ends.
			if first == nil {
				first = last(b)
			}
			return nil, false
		}
		next := b.Succs
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case ssa.CallInstruction:
				if e.mayWrite(x, 0) && !endsQuietly(x) {
					return nil, true // the mark, or a failure recorded
				}
			case *ssa.Return:
				if first == nil || x.Pos() < first.Pos() && x.Pos().IsValid() {
					first = x
				}
				next = nil
			}
		}
		return next, false
	})
	if writes {
		return nil
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

// RowSendSkips returns the calls given what poll read (a send: a webhook,
// a broker, a mail), between poll and mark in their function, whose error
// leads to the next row of the loop that goes over what poll read, with
// no path from the error reaching mark or any call that may record the
// failure (see mayRecord). A send whose error only returns (ends the
// batch, or the process) is not one: that is a relay waiting for its
// broker. A call that may itself write (the mark, a helper that records)
// is no send.
func (e *Effects) RowSendSkips(poll, mark ssa.CallInstruction) []Skip {
	if e == nil || e.Pkg() == nil || poll == nil || mark == nil || poll.Parent() != mark.Parent() || poll.Value() == nil {
		return nil
	}
	fn := poll.Parent()
	var out []Skip
	for c := range errChecks(fn) {
		w := errCall(c.err)
		if w == nil || w == mark || w.Parent() != fn || !Before(poll, w) || !sameTurn(w, mark) || e.mayRecord(w, 0) || !e.fedByRows(poll, w) {
			continue
		}
		if at := e.nextRow(c.onError, w, poll); at != nil {
			out = append(out, Skip{Work: w, At: at})
		}
	}
	return out
}

// errCall returns the call an error is a result of, or nil.
func errCall(v ssa.Value) ssa.CallInstruction {
	if x, ok := v.(*ssa.Extract); ok {
		v = x.Tuple
	}
	call, _ := v.(*ssa.Call)
	if call == nil {
		return nil
	}
	return call
}

// nextRowOnly walks every path from start (the error's side of the check
// of w's error) and returns the branch that takes the first one to the
// next row (the head of the loop over what poll read), when one does and
// no path reaches a call that may record; nil otherwise. A path that
// returns (the process shutting down) ends there. The head of a loop
// that does not change the row w is given (a retry loop around the send)
// is not the next row: its paths are not judged.
func (e *Effects) nextRow(start *ssa.BasicBlock, w, poll ssa.CallInstruction) ssa.Instruction {
	var first ssa.Instruction
	noNextRow := WalkBlocks([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b.Dominates(w.Block()) {
			if !advancesRow(b, w, poll) {
				return nil, true
			}
			if first == nil {
				first = last(b)
			}
			return nil, false
		}
		for _, instr := range b.Instrs {
			if x, ok := instr.(ssa.CallInstruction); ok && e.mayRecord(x, 0) {
				return nil, true
			}
		}
		return b.Succs, false
	})
	if noNextRow {
		return nil
	}
	return first
}

// advancesRow reports whether head is the head of the loop that hands w
// the next row: a loop over rows (rows.Next() in head), or one whose
// index (a phi of head) picks what some argument of w holds.
func advancesRow(head *ssa.BasicBlock, w, poll ssa.CallInstruction) bool {
	for _, instr := range head.Instrs {
		if c, ok := instr.(ssa.CallInstruction); ok && calleeName(c.Common()) == "Next" {
			return true
		}
		if _, ok := instr.(*ssa.Next); ok {
			return true
		}
	}
	for _, a := range w.Common().Args {
		if dependsOnPhiOf(a, head, map[ssa.Value]bool{}, 0) {
			return true
		}
	}
	return false
}

// dependsOnPhiOf reports whether v is computed from a phi of head,
// through the operands of the instructions that make it and the values
// stored into the local it is loaded from.
func dependsOnPhiOf(v ssa.Value, head *ssa.BasicBlock, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 12 {
		return false
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Phi:
		if x.Block() == head {
			return true
		}
	case *ssa.Alloc:
		for _, r := range *x.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == x && dependsOnPhiOf(st.Val, head, seen, depth+1) {
				return true
			}
		}
		return false
	case *ssa.Call, *ssa.Const, *ssa.Parameter, *ssa.Global, *ssa.Function, *ssa.FreeVar:
		return false
	}
	instr, ok := v.(ssa.Instruction)
	if !ok {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if op != nil && dependsOnPhiOf(*op, head, seen, depth+1) {
			return true
		}
	}
	return false
}

// mayRecord reports whether a call may record a row's failure: a call
// that may write (mayWrite), a function of another package of the module
// (a store's MarkFailed, whose handle the call does not show) unless that
// package's summary says it runs no statement (callsum.go), or a
// function of this package that makes such a call. A logger's method, a
// Close or a Rollback records nothing.
func (e *Effects) mayRecord(c ssa.CallInstruction, depth int) bool {
	if endsQuietly(c) {
		return false
	}
	common := c.Common()
	if common.IsInvoke() {
		name := common.Method.Name()
		return !logging(name) && !strings.HasPrefix(name, "With") && e.mayWrite(c, depth)
	}
	callee := common.StaticCallee()
	if callee == nil {
		return e.mayWrite(c, depth)
	}
	if callee.Pkg != e.pkg {
		// SSA gives another package's functions no Pkg of this program:
		// their object says where they are declared.
		// One its package's summary says runs no statement (a logger of
		// the module's own) records nothing.
		if obj := callee.Object(); obj != nil && obj.Pkg() != nil && obj.Pkg() != e.pkg.Pkg && InModule(e.pass, obj.Pkg()) {
			fn, _ := obj.(*types.Func)
			return !e.sums.RunsNoStatement(fn)
		}
		return e.mayWrite(c, depth)
	}
	if depth >= maxWriteDepth || callee.Blocks == nil {
		return true
	}
	for _, a := range common.Args {
		if dbLike(a.Type()) {
			return true
		}
	}
	for _, b := range callee.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok && e.mayRecord(ci, depth+1) {
				return true
			}
		}
	}
	return false
}
