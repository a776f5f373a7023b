package effects

import "golang.org/x/tools/go/ssa"

// HandsOn reports whether the rows a read returns are handed to work in
// the function of a later call to that takes them (a DELETE or UPDATE by
// the key read from those rows), and where: found says some call there
// runs work (see work: a handler given as a function value, or the
// module's or a third party's code that returns an error; not a helper
// that only reads a row) given something from the rows; before says one
// such call runs before to, on every path to it, so the work was handed
// on before the rows were taken. The read and the take may sit in
// different functions of the package (a helper returns the due rows, a
// loop hands each to a function that runs it and deletes it); the take's
// function may be a store's method whose callers run the work.
func (e *Effects) HandsOn(read, to ssa.CallInstruction) (found, before bool) {
	if e == nil || e.Pkg() == nil || read == nil || to == nil || read.Value() == nil {
		return false, false
	}
	rows := RowsOf(read)
	// The take may be the one statement of a store's method (DeleteTimer(ctx,
	// id)): the work is then in the functions that call it.
	takes := append([]ssa.CallInstruction{to}, e.callersOf(to.Parent())...)
	for _, take := range takes {
		f, b := e.handsOnIn(read, take, rows)
		found = found || f
		if b {
			return true, true
		}
	}
	return found, false
}

// handsOnIn reports, for HandsOn, whether the function of to hands rows
// to work, and whether it does so before to.
func (e *Effects) handsOnIn(read, to ssa.CallInstruction, rows []ssa.Value) (found, before bool) {
	for _, b := range to.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == read || c == to || !Work(c) || !fails(c) && !handlerValue(c) || readsRow(c, true) {
				continue
			}
			if !e.givenRows(c, rows) {
				continue
			}
			found = true
			if Before(c, to) {
				return true, true
			}
		}
	}
	return found, false
}

// handlerValue reports whether a call runs a function value (a handler
// looked up by the job's name, go fn(payload)): it is the job's work
// whether or not it returns an error.
func handlerValue(c ssa.CallInstruction) bool {
	common := c.Common()
	if common.IsInvoke() || common.StaticCallee() != nil {
		return false
	}
	_, builtin := common.Value.(*ssa.Builtin)
	return !builtin
}

// givenRows reports whether a call is given something that comes from
// rows (see Flows): an argument, or the receiver of a method.
func (e *Effects) givenRows(c ssa.CallInstruction, rows []ssa.Value) bool {
	common := c.Common()
	args := common.Args
	if common.IsInvoke() {
		args = append([]ssa.Value{common.Value}, args...)
	}
	for _, a := range args {
		for _, r := range rows {
			if e.Flows(r, a) {
				return true
			}
		}
	}
	return false
}

// FromRows reports whether a value comes from the rows a read returns
// (see Flows): the key an UPDATE or DELETE binds, read from the rows of
// the SELECT that found the job.
func (e *Effects) FromRows(read ssa.CallInstruction, v ssa.Value) bool {
	if e == nil || e.Pkg() == nil || read == nil || v == nil || read.Value() == nil {
		return false
	}
	for _, r := range RowsOf(read) {
		if e.Flows(r, v) {
			return true
		}
	}
	return false
}
