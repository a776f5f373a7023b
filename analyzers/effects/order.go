package effects

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Guarded reports whether every path from its function's entry to instr
// passes a branch that decides whether instr runs and whose condition
// satisfies isGuard. A branch decides when one of its two ways cannot reach
// instr: `if attempts >= max { return fail() }; retry()`, a `switch`
// whose case compares and whose default retries, a loop that breaks out
// on the comparison. A branch both of whose ways go on to instr (a log
// line under `if attempts > 0`) decides nothing. In a loop every block
// reaches every other through the back edge: a way counts as reaching
// instr only if it does so without coming back through the branch.
//
// In a function literal, instr is also guarded when every place the
// literal is made or referenced is.
func Guarded(instr ssa.Instruction, isGuard func(cond ssa.Value) bool) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	target := instr.Block()
	fn := target.Parent()
	cut := func(b *ssa.BasicBlock) bool {
		br, ok := last(b).(*ssa.If)
		return ok && (!reachesAvoiding(b.Succs[0], target, b) || !reachesAvoiding(b.Succs[1], target, b)) && isGuard(br.Cond)
	}
	if !reachable(fn.Blocks[0], target, cut) {
		return true
	}
	if fn.Parent() == nil {
		return false
	}
	refs := references(fn)
	if len(refs) == 0 {
		return false
	}
	for _, r := range refs {
		if !Guarded(r, isGuard) {
			return false
		}
	}
	return true
}

// DecidedBy returns the value the bool v has on every way to instr, when
// its function branches on v and each such branch lets only one
// of its ways reach instr: Retry(ctx, id, last bool) puts the job back
// only when last is false. ok is false when no branch on v decides.
func DecidedBy(instr ssa.Instruction, v ssa.Value) (when, ok bool) {
	if instr == nil || instr.Block() == nil {
		return false, false
	}
	target := instr.Block()
	for _, b := range target.Parent().Blocks {
		br, isIf := last(b).(*ssa.If)
		if !isIf {
			continue
		}
		if br.Cond != v {
			continue // go/ssa branches on !v by swapping the ways, so v is what an if tests
		}
		yes, no := reachesAvoiding(b.Succs[0], target, b), reachesAvoiding(b.Succs[1], target, b)
		if yes == no {
			continue // both ways go on to instr, or neither: this branch decides nothing
		}
		if ok && yes != when {
			return false, false // branches that disagree: instr cannot run
		}
		when, ok = yes, true
	}
	return when, ok
}

// Unconditional reports whether instr runs on every path from its
// function's entry to a return: the function does not decide whether to
// make it (no branch or loop around it).
func Unconditional(instr ssa.Instruction) bool {
	if instr == nil || instr.Block() == nil {
		return false
	}
	target := instr.Block()
	returns := WalkBlocks(target.Parent().Blocks[:1], func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b == target {
			return nil, false
		}
		_, ok := last(b).(*ssa.Return)
		return b.Succs, ok
	})
	return !returns
}

// Before reports whether a runs before b on every path that reaches b:
// a's block dominates b's, or they share a block and a comes first.
func Before(a, b ssa.Instruction) bool {
	if a == nil || b == nil || a.Block() == nil || b.Block() == nil || a.Parent() != b.Parent() {
		return false
	}
	if a.Block() != b.Block() {
		return a.Block().Dominates(b.Block())
	}
	for _, instr := range a.Block().Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// reachesAvoiding reports whether target can be reached from b without
// passing through the block avoid.
func reachesAvoiding(b, target, avoid *ssa.BasicBlock) bool {
	return reachable(b, target, func(x *ssa.BasicBlock) bool { return x == avoid })
}

// reachable reports whether target can be reached from start without
// going on from a block for which stop holds (target itself counts as
// reached even then; a stopped start reaches only itself).
func reachable(start, target *ssa.BasicBlock, stop func(*ssa.BasicBlock) bool) bool {
	return WalkBlocks([]*ssa.BasicBlock{start}, func(b *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		if b == target {
			return nil, true
		}
		if stop(b) {
			return nil, false
		}
		return b.Succs, false
	})
}

// references returns the instructions of fn's enclosing function that make
// the closure fn or use it as a value.
func references(fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			for _, op := range instr.Operands(nil) {
				if op != nil && *op == fn {
					out = append(out, instr)
					break
				}
			}
		}
	}
	return out
}

func last(b *ssa.BasicBlock) ssa.Instruction {
	if len(b.Instrs) == 0 {
		return nil
	}
	return b.Instrs[len(b.Instrs)-1]
}

// FailableBetween reports whether, in the function of two calls, a call
// that returns an error and is no call into a database library runs
// after from and before to on every path: work that may fail (a handler,
// a command run) between two statements.
func FailableBetween(from, to ssa.CallInstruction) bool {
	if from == nil || to == nil || from.Parent() != to.Parent() {
		return false
	}
	for _, b := range from.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == from || c == to || !fails(c) || databaseCall(c) || !Before(from, c) || !Before(c, to) {
				continue
			}
			return true
		}
	}
	return false
}

// databaseCall reports whether a call calls into a database library or
// database/sql.
func databaseCall(c ssa.CallInstruction) bool {
	fn := calledFunc(c.Common())
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	pkg := fn.Pkg()
	return pkg.Path() == "database/sql" || DatabaseLibrary(pkg.Path())
}

// calledFunc returns the function or method a call names: the interface
// method it invokes, or its static callee's declared function; nil for a
// function literal, a function value or a builtin.
func calledFunc(common *ssa.CallCommon) *types.Func {
	switch {
	case common.IsInvoke():
		return common.Method
	case common.StaticCallee() != nil:
		fn, _ := common.StaticCallee().Object().(*types.Func)
		return fn
	}
	return nil
}

// NeverAfter reports whether instr, in the function of from, cannot run
// after from: no path leads from from to it (in a loop, the back edge is
// such a path).
func NeverAfter(from, instr ssa.Instruction) bool {
	if from == nil || instr == nil || from.Block() == nil || instr.Block() == nil || from.Parent() != instr.Parent() {
		return false
	}
	b := from.Block()
	if instr.Block() == b && slices.Index(b.Instrs, instr) > slices.Index(b.Instrs, from) {
		return false
	}
	for _, s := range b.Succs {
		if reachable(s, instr.Block(), func(*ssa.BasicBlock) bool { return false }) {
			return false
		}
	}
	return true
}
