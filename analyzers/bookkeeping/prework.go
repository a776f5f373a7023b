package bookkeeping

import (
	"go/ast"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// beforeWork reports whether a bookkeeping write runs before the job's
// work: a step of the claim, such as the move to 'running' made by key
// once the job is in hand, not the job's outcome. Two things must hold
// in the write's function, on SSA:
//
//   - from the write, another bookkeeping write of the package (the
//     outcome: done, failed, retried) is reached before any claim runs
//     again: this write is not the last word on the job;
//   - on every path to the write, from the claim that took the job (or
//     the function's entry), nothing runs that could be the work: only
//     the standard library, the database library, claims and bookkeeping
//     writes. A call of the module's code, of another library, or of a
//     function value (a handler) may be the work.
//
// A failure there stops a worker that has done nothing to the job yet:
// the job stays claimed and runs once reclaimed, as it would if the claim
// itself had failed after taking it; nothing that finished runs twice.
func (s *summary) beforeWork(w *ast.CallExpr) bool {
	if s.e == nil || !s.e.Built() {
		return false
	}
	at := s.e.Call(w)
	if at == nil || at.Block() == nil {
		return false
	}
	fn := at.Parent()
	syntax := fn.Syntax()
	if syntax == nil {
		return false
	}
	calls := map[ssa.CallInstruction]*ast.CallExpr{}
	ast.Inspect(syntax, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if c := s.e.Call(call); c != nil && c.Parent() == fn {
				calls[c] = call
			}
		}
		return true
	})
	var claims []ssa.Instruction
	for _, c := range s.claims(fn) {
		if c != nil && c.Parent() == fn {
			claims = append(claims, c)
		}
	}
	// The job is the one a claim of this function took on every path to
	// the write: in a function fed jobs (a channel, a parameter), the
	// writes reached round its loop are the next job's.
	held := false
	for _, c := range claims {
		held = held || effects.Before(c, at)
	}
	if !held {
		return false
	}
	later := false
	for c, call := range calls {
		if c != at && s.bookkeeping(call) && effects.Reaches(at, c, claims) {
			later = true
			break
		}
	}
	if !later {
		return false
	}
	isClaim := map[ssa.Instruction]bool{}
	for _, c := range claims {
		isClaim[c] = true
	}
	// mayWork reports whether a call may be the job's work.
	mayWork := func(c ssa.CallInstruction) bool {
		if isClaim[c] {
			return false
		}
		if call := calls[c]; call != nil && s.bookkeeping(call) {
			return false
		}
		return effects.Work(c)
	}
	// Walk back from the write to the claims (or the entry).
	b := at.Block()
	for _, instr := range b.Instrs[:blockIndex(b, at)] {
		if c, ok := instr.(ssa.CallInstruction); ok {
			if isClaim[c] {
				return true // claimed just before, in this block
			}
			if mayWork(c) {
				return false
			}
		}
	}
	seen := map[*ssa.BasicBlock]bool{b: true}
	stack := append([]*ssa.BasicBlock(nil), b.Preds...)
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		claimed := false
		for i := len(p.Instrs) - 1; i >= 0; i-- {
			c, ok := p.Instrs[i].(ssa.CallInstruction)
			if !ok {
				continue
			}
			if isClaim[c] {
				claimed = true
				break
			}
			if mayWork(c) {
				return false
			}
		}
		if !claimed {
			stack = append(stack, p.Preds...)
		}
	}
	return true
}

func blockIndex(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return len(b.Instrs)
}
