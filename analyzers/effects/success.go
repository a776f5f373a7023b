package effects

import (
	"go/token"
	"iter"

	"golang.org/x/tools/go/ssa"
)

// AfterSuccess reports whether instr runs only once the job's work has
// succeeded: the nearest check of an error that every path to it passes
// (the error compared with nil) decides that instr runs only when the
// error is nil, and the error is a result of a call that may run the
// job's work (err := handle(job); if err != nil { return ... }). A job put
// back on that path moves on (to its next stage, say); it is not a retry
// of a failure. Only the nearest check counts: the claim's error, checked
// before the work runs, says nothing about the work. A failure signalled
// otherwise than by an error (a bool, a status code after a nil error of
// the job's own code) is not told apart from success.
func AfterSuccess(instr ssa.Instruction) bool {
	return AfterSuccessOf(instr, func(c ssa.CallInstruction) bool { return Work(c) })
}

// AfterSuccessOf is AfterSuccess with the calls that may run the job's
// work told by work.
func AfterSuccessOf(instr ssa.Instruction, work func(ssa.CallInstruction) bool) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	target := instr.Block()
	for b := target.Idom(); b != nil; b = b.Idom() {
		if c, ok := errCheckAt(b); ok {
			// b dominates target: if the error's way cannot reach it, the nil way does.
			return !reachesAvoiding(c.onError, target, b) && returnedBy(c.err, work)
		}
	}
	return false
}

// An errCheck is a branch on whether an error is nil.
type errCheck struct {
	at      *ssa.BasicBlock // the block that branches
	err     ssa.Value
	onError *ssa.BasicBlock // the way taken when err is not nil
}

// errCheckAt returns the branch on an error's nil-ness that ends b, if b
// ends in one.
func errCheckAt(b *ssa.BasicBlock) (errCheck, bool) {
	br, ok := last(b).(*ssa.If)
	if !ok {
		return errCheck{}, false
	}
	err, nilSide, ok := nilCheck(br.Cond)
	if !ok {
		return errCheck{}, false
	}
	return errCheck{at: b, err: err, onError: b.Succs[1-nilSide]}, true
}

// errChecks yields fn's branches on an error's nil-ness, in block order.
func errChecks(fn *ssa.Function) iter.Seq[errCheck] {
	return func(yield func(errCheck) bool) {
		for _, b := range fn.Blocks {
			if c, ok := errCheckAt(b); ok && !yield(c) {
				return
			}
		}
	}
}

// nilCheck returns the error a condition compares with nil, and which
// successor of its branch (0 for true, 1 for false) is taken when the
// error is nil.
func nilCheck(cond ssa.Value) (ssa.Value, int, bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return nil, 0, false
	}
	x, y := bin.X, bin.Y
	if c, ok := x.(*ssa.Const); ok && c.IsNil() {
		x, y = y, x
	}
	if c, ok := y.(*ssa.Const); !ok || !c.IsNil() || !isErrorType(x.Type()) {
		return nil, 0, false
	}
	if bin.Op == token.EQL {
		return x, 0, true
	}
	return x, 1, true
}

// returnedBy reports whether an error is a result of a call that work
// tells.
func returnedBy(v ssa.Value, work func(ssa.CallInstruction) bool) bool {
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	call, ok := v.(*ssa.Call)
	return ok && work(call)
}

// AfterFailureOf reports whether instr runs only once a call that failed
// tells has returned an error: the nearest check of an error that every
// path to instr passes compares that call's error with nil, and instr
// cannot be reached from its nil side (if err := decode(b, &v); err == nil
// { return v }; fallback(b)).
func AfterFailureOf(instr ssa.Instruction, failed func(ssa.CallInstruction) bool) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	target := instr.Block()
	for b := target.Idom(); b != nil; b = b.Idom() {
		if c, ok := errCheckAt(b); ok {
			onNil := b.Succs[0]
			if onNil == c.onError {
				onNil = b.Succs[1]
			}
			return !reachesAvoiding(onNil, target, b) && returnedBy(c.err, failed)
		}
	}
	return false
}
