package maxattempts

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// noFailureBefore reports whether a call that puts a job back runs on a
// path on which nothing can have failed: in its function, and in each of
// its callers in the package up to depth levels, no branch that decides
// whether it runs tests what a call returned (an error, a bool, a status,
// recover()) or a parameter, unless it goes on only where an error is nil
// (the call succeeded), and the path starts at a go statement that hands the
// goroutine no job (only its own receiver, a context, and numbers, bools
// or channels it did not get from its caller: a worker's index). Such a put-back, on a goroutine that receives new work (a
// harvester's worker reading search results from a channel), makes a job
// runnable for the first time: an enqueue, not a retry. Branches on a
// field, a package variable, a constant, a loop counter or a select are
// configuration and plumbing, not a failure. A function that runs out of
// sight (exported with no caller here, used as a value, deferred) is not
// assumed to be such a path.
func noFailureBefore(e *judge, instr ssa.CallInstruction, depth int) bool {
	fn := instr.Parent()
	if fn == nil {
		return false
	}
	for _, b := range effects.DecidingBranches(instr) {
		if !b.OnNilError() && mayReportFailure(b.Cond) {
			return false
		}
	}
	if g, ok := instr.(*ssa.Go); ok && handsNoJob(g) {
		return true
	}
	if _, deferred := instr.(*ssa.Defer); deferred {
		return false
	}
	var callers []ssa.CallInstruction
	if fn.Parent() != nil {
		calls, ok := literalCalls(fn)
		if !ok {
			return false
		}
		callers = calls
	} else {
		if len(e.MethodValues(fn)) > 0 {
			return false // handed on as a value: it runs out of sight
		}
		callers = slices.DeleteFunc(slices.Clone(e.MayCall(fn)), inTest)
	}
	if depth == 0 || len(callers) == 0 {
		return false
	}
	for _, c := range callers {
		if !noFailureBefore(e, c, depth-1) {
			return false
		}
	}
	return true
}

// mayReportFailure reports whether a branch condition may say that
// something failed: whether any value it is computed from is a call's
// result or a parameter (its caller's decision), rather than a constant,
// a field or package variable read, a channel receive or a select.
func mayReportFailure(cond ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var from func(v ssa.Value) bool
	from = func(v ssa.Value) bool {
		if seen[v] {
			return false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Const, *ssa.Global, *ssa.Select:
			return false
		case *ssa.BinOp:
			return from(v.X) || from(v.Y)
		case *ssa.UnOp:
			switch v.Op {
			case token.ARROW:
				return false // a value received from a channel
			case token.MUL:
				return !fieldOrGlobal(v.X)
			}
			return from(v.X)
		case *ssa.Extract:
			return from(v.Tuple)
		case *ssa.Phi:
			return slices.ContainsFunc(v.Edges, from)
		case *ssa.Convert:
			return from(v.X)
		case *ssa.ChangeType:
			return from(v.X)
		case *ssa.Field:
			return from(v.X)
		}
		return true // a call's result, a parameter, anything else
	}
	return from(cond)
}

// fieldOrGlobal reports whether an address is a package variable or a
// field reached from one, or from a function's receiver or free variable.
func fieldOrGlobal(addr ssa.Value) bool {
	for {
		switch a := addr.(type) {
		case *ssa.Global:
			return true
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return false
			}
			addr = a.X
		case *ssa.Parameter:
			fn := a.Parent()
			return fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == a
		case *ssa.FreeVar:
			return true
		default:
			return false
		}
	}
}

// handsNoJob reports whether a go statement passes the goroutine nothing
// that could be a job: each argument is the receiver of the function that
// starts it, a context, or a number, a bool or a channel that is not one
// of its parameters.
func handsNoJob(g *ssa.Go) bool {
	fn := g.Parent()
	args := g.Call.Args
	if mc, ok := g.Call.Value.(*ssa.MakeClosure); ok {
		args = append(slices.Clone(args), mc.Bindings...)
	}
	for _, a := range args {
		if p, ok := a.(*ssa.Parameter); ok {
			if fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p || isContext(p.Type()) {
				continue
			}
			return false // the spawner's caller's value: it may be a job that failed there
		}
		switch t := a.Type().Underlying().(type) {
		case *types.Basic:
			if t.Info()&(types.IsNumeric|types.IsBoolean) != 0 {
				continue
			}
		case *types.Chan:
			continue
		}
		if isContext(a.Type()) {
			continue
		}
		return false
	}
	return true
}

func isContext(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}
