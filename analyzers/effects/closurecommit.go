package effects

import (
	"golang.org/x/tools/go/ssa"
)

// ReturnCommitsBeforeWork is CommitsBeforeWork for a transaction that a
// function is given by the call that runs it (pgx.BeginFunc, GORM's and
// pop's Transaction, bun's RunInTx): there is no Commit to find, the
// caller commits when the function returns nil. It reports whether the
// database call runs on such a transaction, in that function, and every
// path from the call returns with nothing on the way that could be the
// job's work (return tx.Model(...).Update(...).Error). A path that returns
// an error rolls the claim back; one that returns nil commits it, and
// whatever the rows it took are for runs after that, out of the
// transaction.
func (e *Effects) ReturnCommitsBeforeWork(call ssa.CallInstruction) bool {
	t := e.TxOf(call)
	if t == nil || t.Begin == nil || t.Func != call.Parent() || t.Begin.Parent() == t.Func {
		return false
	}
	start := call.Block()
	seen := map[*ssa.BasicBlock]bool{start: true}
	var noWork func(b *ssa.BasicBlock, instrs []ssa.Instruction) bool
	noWork = func(b *ssa.BasicBlock, instrs []ssa.Instruction) bool {
		for _, instr := range instrs {
			switch x := instr.(type) {
			case *ssa.Return, *ssa.Panic:
				return true
			case ssa.CallInstruction:
				if Work(x) && !readsRow(x, true) {
					return false
				}
			}
		}
		for _, s := range b.Succs {
			if !seen[s] {
				seen[s] = true
				if !noWork(s, s.Instrs) {
					return false
				}
			}
		}
		return true
	}
	return noWork(start, start.Instrs[index(start, call)+1:])
}
