package effects

import (
	"golang.org/x/tools/go/ssa"
)

// A Branch is a branch of a function that decides whether an instruction
// runs: only one of its ways (Way, 0 when Cond is true) goes on to it.
type Branch struct {
	Cond ssa.Value
	Way  int
}

// DecidingBranches returns the branches of instr's function that decide
// whether instr runs (as Guarded reads them, a loop's back edge aside),
// in block order, whichever paths pass them.
func DecidingBranches(instr ssa.Instruction) []Branch {
	if instr == nil || instr.Block() == nil {
		return nil
	}
	target := instr.Block()
	var out []Branch
	for _, b := range target.Parent().Blocks {
		br, ok := last(b).(*ssa.If)
		if !ok {
			continue
		}
		yes, no := reachesAvoiding(b.Succs[0], target, b), reachesAvoiding(b.Succs[1], target, b)
		if yes == no {
			continue
		}
		way := 0
		if no {
			way = 1
		}
		out = append(out, Branch{Cond: br.Cond, Way: way})
	}
	return out
}

// OnNilError reports whether a branch compares an error with nil and goes
// on the way taken when the error is nil.
func (b Branch) OnNilError() bool {
	_, nilSide, ok := nilCheck(b.Cond)
	return ok && nilSide == b.Way
}
