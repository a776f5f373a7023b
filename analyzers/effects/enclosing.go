package effects

import "golang.org/x/tools/go/ssa"

// UnconditionalThroughLiterals reports whether instr runs on every path
// of its function (see Unconditional) and, when that function is a
// literal, the literal is made on every path of the function enclosing
// it: a closure handed to a transaction runner under if err != nil runs
// only when that error is set, however unconditional its own body is.
func UnconditionalThroughLiterals(instr ssa.Instruction) bool {
	return throughLiterals(instr, Unconditional)
}

// throughLiterals reports whether holds holds for instr and, when instr's
// function is a literal, for every place the enclosing functions make or
// reference that literal, up to a declared function.
func throughLiterals(instr ssa.Instruction, holds func(ssa.Instruction) bool) bool {
	if !holds(instr) {
		return false
	}
	fn := instr.Parent()
	if fn.Parent() == nil {
		return true
	}
	refs := references(fn)
	if len(refs) == 0 {
		return false
	}
	for _, r := range refs {
		if !throughLiterals(r, holds) {
			return false
		}
	}
	return true
}
