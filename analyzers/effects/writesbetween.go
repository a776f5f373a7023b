package effects

import "golang.org/x/tools/go/ssa"

// WritesBetween reports whether a call that may write to the database (a
// statement, a helper given a handle: see mayWrite) runs after a and
// before b on some path of their function. Reading a query's rows (Next,
// Scan, Values, Err, Close) and a Rollback write nothing.
func (e *Effects) WritesBetween(a, b ssa.Instruction) bool {
	if e == nil || e.Pkg() == nil || a == nil || b == nil || a.Parent() != b.Parent() {
		return false
	}
	for _, blk := range a.Parent().Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == a || c == b || readsRows(c) || endsQuietly(c) || !e.mayWrite(c, 0) {
				continue
			}
			if Reaches(a, c, nil) && Reaches(c, b, nil) {
				return true
			}
		}
	}
	return false
}

// readsRows reports whether a call only reads a result's rows.
func readsRows(c ssa.CallInstruction) bool {
	switch calleeName(c.Common()) {
	case "Next", "Scan", "Values", "RawValues", "FieldDescriptions", "Columns", "NextResultSet", "ColumnTypes":
		return true
	}
	return false
}
