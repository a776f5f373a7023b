package maxattempts

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A failure undone: the code records a job's terminal failure and, on the
// same path, puts the job straight back in a runnable state:
//
//	if attempt >= maxRetries {
//		repo.MarkFailed(ctx, id)   // status = 'failed'
//		repo.ResetPending(ctx, id) // status = 'pending'
//	}
//
// The limit chose the failure, and the reset after it takes the failure
// back: the job is retried for ever. Such a failure bounds nothing, and
// the retry that undoes it is not guarded by the comparison that chose
// the failure.

// An undoing is a retry that follows a failure of the same table on every
// path where the failure's write returned no error.
type undoing struct {
	fail  *queuemodel.Statement
	retry *queuemodel.Statement
	at    token.Pos // the call, in the function where both run, that records the failure
}

// undoings returns, for a table's failures and retries, the retries that
// undo a failure, and the failures they undo.
func undoings(e *judge, fails, retries []*queuemodel.Statement) []undoing {
	var out []undoing
	for _, f := range fails {
		fc := e.Call(f.Call.Expr)
		if fc == nil {
			continue
		}
		for _, r := range retries {
			rc := e.Call(r.Call.Expr)
			if rc == nil || rc.Parent() == nil {
				continue
			}
			if at, ok := undoneAfter(e, fc, rc); ok {
				out = append(out, undoing{fail: f, retry: r, at: at})
			}
		}
	}
	return out
}

// undoneAfter reports whether the retry rc runs after the failure fc on
// every path: in fc's own function, or in a function that calls fc's
// function (one level up) and then, on every path, rc's function. It
// returns the position of the failure's call there.
func undoneAfter(e *judge, fc, rc ssa.CallInstruction) (token.Pos, bool) {
	runsRetry := func(instr ssa.Instruction) bool {
		if instr == rc {
			return true
		}
		c, ok := instr.(ssa.CallInstruction)
		return ok && calls(e, c, rc.Parent())
	}
	if fc.Parent() != rc.Parent() || fc.Parent() == nil {
		// The failure's function may undo it itself, or its callers may.
	} else if followedOnEveryPath(fc, runsRetry) {
		return fc.Pos(), true
	}
	top := fc.Parent()
	if top == nil || top.Parent() != nil {
		return token.NoPos, false // a function literal: its callers are out of this reach
	}
	for _, c := range e.CallersOf(top) {
		if inTest(c) {
			continue
		}
		if followedOnEveryPath(c, runsRetry) {
			return c.Pos(), true
		}
	}
	return token.NoPos, false
}

// calls reports whether a call may run fn: statically, or through an
// interface fn's receiver type implements.
func calls(e *judge, c ssa.CallInstruction, fn *ssa.Function) bool {
	if c.Common().StaticCallee() == fn {
		return true
	}
	return c.Common().IsInvoke() && slices.Contains(e.MayCall(fn), c)
}

// followedOnEveryPath reports whether every path from the call c to its
// function's return passes an instruction for which runs holds. A path
// that leaves through a check of c's own error (the failure's write
// failed, if err != nil { return err }) is no path on which the failure
// was recorded; a path that panics returns nothing. A path that comes
// back to c's block (a loop's next turn, another job) escapes: what runs
// there is not this failure's sequel.
func followedOnEveryPath(c ssa.CallInstruction, runs func(ssa.Instruction) bool) bool {
	b := c.Block()
	if b == nil {
		return false
	}
	errs := callErrors(c)
	from := slices.Index(b.Instrs, c.(ssa.Instruction))
	if slices.ContainsFunc(b.Instrs[from+1:], runs) {
		return true
	}
	escapes, found := false, false
	visit := func(b *ssa.BasicBlock, lo int) []*ssa.BasicBlock {
		for _, instr := range b.Instrs[lo:] {
			if runs(instr) {
				found = true
				return nil
			}
		}
		switch last := b.Instrs[len(b.Instrs)-1].(type) {
		case *ssa.Return:
			escapes = true
			return nil
		case *ssa.If:
			if okSide, ok := nilSide(last.Cond, errs); ok {
				return []*ssa.BasicBlock{b.Succs[okSide]}
			}
		}
		return b.Succs
	}
	next := visit(b, from+1)
	seen := map[*ssa.BasicBlock]bool{b: true}
	for len(next) > 0 && !escapes {
		blk := next[len(next)-1]
		next = next[:len(next)-1]
		if blk == b {
			escapes = true // the loop's next turn
			break
		}
		if seen[blk] {
			continue
		}
		seen[blk] = true
		next = append(next, visit(blk, 0)...)
	}
	return found && !escapes
}

// callErrors returns the error results of a call: the call itself, or
// the extracts of its tuple, whose type is error.
func callErrors(c ssa.CallInstruction) []ssa.Value {
	v := c.Value()
	if v == nil {
		return nil
	}
	if isError(v.Type()) {
		return []ssa.Value{v}
	}
	var out []ssa.Value
	for _, ref := range *v.Referrers() {
		if x, ok := ref.(*ssa.Extract); ok && isError(x.Type()) {
			out = append(out, x)
		}
	}
	return out
}

func isError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// nilSide returns which successor of a branch on one of errs being nil
// (0 for true, 1 for false) is taken when it is nil.
func nilSide(cond ssa.Value, errs []ssa.Value) (int, bool) {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || bin.Op != token.EQL && bin.Op != token.NEQ {
		return 0, false
	}
	x, y := bin.X, bin.Y
	if c, isConst := x.(*ssa.Const); isConst && c.IsNil() {
		x, y = y, x
	}
	if c, isConst := y.(*ssa.Const); !isConst || !c.IsNil() || !slices.Contains(errs, x) {
		return 0, false
	}
	if bin.Op == token.EQL {
		return 0, true
	}
	return 1, true
}
