package maxattempts

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// beforeWork reports whether a call that puts a job back runs before
// anything that could be the job's work, on every path to it from where
// the job was taken: no call that may be work (see effects.MayDoWork: a
// handler called through a function value, a sender; not the store's own
// statements, a clock or a logger) can run before it in the same turn of
// its function, and the claim that took the job runs before it there, or
// before each call of its function in the package (depth levels up). A
// job put back so (a resource it needs is busy) was deferred: no failure
// of its work was retried, and no attempt was spent. The same holds where
// the put-back runs only once the work succeeded: the error checked last
// before it is the work's (effects.AfterSuccessOf), not the claim's.
// Where the job comes from is out of sight (a function no code of the
// package calls, past the depth), nothing is assumed.
func beforeWork(e *judge, m *queuemodel.Model, instr ssa.Instruction, depth int) bool {
	mayWork := func(c ssa.CallInstruction) bool { return e.MayDoWork(c, m.ImplementationsOf) }
	// A nil error of the standard library's (http.Post) says only that
	// the request went out: effects.Work leaves it out, as AfterSuccess
	// does.
	succeeded := func(c ssa.CallInstruction) bool { return effects.Work(c) && mayWork(c) }
	if effects.AfterSuccessOf(instr, succeeded) {
		return true
	}
	fn := instr.Parent()
	if fn == nil {
		return false
	}
	claimed := false
	for _, b := range fn.Blocks {
		for _, x := range b.Instrs {
			c, ok := x.(ssa.CallInstruction)
			if !ok || x == instr || !effects.RunsBeforeInOneTurn(x, instr) {
				continue
			}
			if _, deferred := c.(*ssa.Defer); deferred {
				continue // runs when the function returns, after the call
			}
			if mayWork(c) {
				return false
			}
			claimed = claimed || claims(e, m, c)
		}
	}
	if claimed {
		return true // the job was taken here, and nothing ran on it
	}
	if fn.Parent() != nil {
		// A function literal runs where its enclosing function calls it,
		// as if inline; one handed on as a value runs out of sight.
		calls, ok := literalCalls(fn)
		if !ok {
			return false
		}
		for _, c := range calls {
			if !beforeWork(e, m, c, depth) {
				return false
			}
		}
		return true
	}
	callers := slices.DeleteFunc(slices.Clone(e.MayCall(fn)), inTest)
	if depth == 0 || len(callers) == 0 {
		return false
	}
	for _, c := range callers {
		if !beforeWork(e, m, c, depth-1) {
			return false
		}
	}
	return true
}

// claims reports whether a call claims jobs, itself or through the
// functions it calls (queuemodel.Jobs.Takes): a poll that only lists them
// takes none.
func claims(e *judge, m *queuemodel.Model, c ssa.CallInstruction) bool {
	call := e.callExprs[c.Common().Pos()]
	if call == nil {
		return false
	}
	j := m.JobsOf(call)
	return j != nil && j.Takes
}

// literalCalls returns the calls (and go statements) of a function
// literal in its enclosing function; ok is false when the literal is also
// used otherwise (handed to a function, stored), where it may run at any
// time.
func literalCalls(fn *ssa.Function) (calls []ssa.CallInstruction, ok bool) {
	parent := fn.Parent()
	var uses []ssa.Value = []ssa.Value{fn}
	for _, b := range parent.Blocks {
		for _, x := range b.Instrs {
			if mc, isClosure := x.(*ssa.MakeClosure); isClosure && mc.Fn == fn {
				uses = append(uses, mc)
			}
		}
	}
	for _, b := range parent.Blocks {
		for _, x := range b.Instrs {
			for _, op := range x.Operands(nil) {
				if op == nil || !slices.Contains(uses, *op) {
					continue
				}
				if mc, isClosure := x.(*ssa.MakeClosure); isClosure && mc.Fn == fn {
					continue
				}
				c, isCall := x.(ssa.CallInstruction)
				if !isCall || c.Common().Value != *op || slices.Contains(c.Common().Args, *op) {
					return nil, false
				}
				if _, deferred := c.(*ssa.Defer); deferred {
					return nil, false // runs when the enclosing function returns
				}
				calls = append(calls, c)
			}
		}
	}
	return calls, len(calls) > 0
}
