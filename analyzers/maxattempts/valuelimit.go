package maxattempts

import (
	"go/ast"
	"regexp"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// valueDecided reports whether the attempt limit decides a value the
// retry is given rather than whether it runs: a value bound to the retry's
// statement (its time, its state, its delay) is, on its way there, the
// join of the two sides of a branch on an attempt count:
//
//	delay := backoff(attempt)
//	if attempt >= max {
//		delay = 100 * 365 * 24 * time.Hour // parked for an operator
//	}
//	store.ScheduleRetry(ctx, id, now.Add(delay))
//
// The value is followed through the statement's call, and through the
// calls of its function in the package (every one of them must decide
// it, and hand it to the parameter that reaches the statement). What the
// limit makes of the value is not judged: a retry the limit parks, delays
// or marks is bounded by the limit's own decision, and one whose value
// does not depend on the limit is still reported.
func valueDecided(e *judge, call ssa.CallInstruction) bool {
	if argsDecided(e, call.Common().Args) {
		return true
	}
	fn := call.Parent()
	if fn == nil || fn.Parent() != nil {
		return false // a function literal: its callers are out of this reach
	}
	callers := slices.DeleteFunc(slices.Clone(e.CallersOf(fn)), inTest)
	if len(callers) == 0 {
		return false
	}
	targets := call.Common().Args
	for _, c := range callers {
		common := c.Common()
		if common.IsInvoke() || len(common.Args) != len(fn.Params) {
			return false
		}
		ok := false
		for i, a := range common.Args {
			if !argsDecided(e, []ssa.Value{a}) {
				continue
			}
			p := fn.Params[i]
			for _, t := range targets {
				if t == p || e.Flows(p, t) {
					ok = true
				}
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// argsDecided reports whether one of the values is built from the join of
// a branch on an attempt count.
func argsDecided(e *judge, args []ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	for _, a := range args {
		if joinsLimit(e, a, 6, seen) {
			return true
		}
	}
	return false
}

// joinsLimit follows a value back through what computes it (arithmetic,
// conversions, the calls that take it: now.Add(delay), the variadic
// arguments of a database call) to a φ whose block joins the two sides of
// a branch on an attempt count.
func joinsLimit(e *judge, v ssa.Value, depth int, seen map[ssa.Value]bool) bool {
	if v == nil || depth == 0 || seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Phi:
		if joinOfLimit(e, v.Block()) {
			return true
		}
		for _, x := range v.Edges {
			if joinsLimit(e, x, depth-1, seen) {
				return true
			}
		}
	case *ssa.BinOp:
		return joinsLimit(e, v.X, depth-1, seen) || joinsLimit(e, v.Y, depth-1, seen)
	case *ssa.UnOp:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Convert:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.ChangeType:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.MakeInterface:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Extract:
		return joinsLimit(e, v.Tuple, depth-1, seen)
	case *ssa.Call:
		if fn := v.Common().StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg == e.pass.Pkg && returnsByLimit(e, fn) {
			return true // nextRun(attempt, max): the helper's two returns are the two sides
		}
		for _, a := range v.Common().Args {
			if joinsLimit(e, a, depth-1, seen) {
				return true
			}
		}
	case *ssa.Slice:
		return joinsLimit(e, v.X, depth-1, seen)
	case *ssa.Alloc:
		// The variadic arguments of a call: the values stored in the array.
		for _, ref := range *v.Referrers() {
			if ia, ok := ref.(*ssa.IndexAddr); ok {
				for _, r := range *ia.Referrers() {
					if st, ok := r.(*ssa.Store); ok && st.Addr == ia && joinsLimit(e, st.Val, depth-1, seen) {
						return true
					}
				}
			}
		}
	}
	return false
}

// joinOfLimit reports whether a block joins the two sides of a branch on
// an attempt count: a block that dominates it ends in such a branch, and
// neither side alone leads to it.
func joinOfLimit(e *judge, b *ssa.BasicBlock) bool {
	cond := guardCond(e)
	for d, i := b.Idom(), 0; d != nil && i < 4; d, i = d.Idom(), i+1 {
		if len(d.Instrs) == 0 || len(d.Succs) != 2 {
			continue
		}
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || sideOnly(d.Succs[0], b) || sideOnly(d.Succs[1], b) {
			continue
		}
		if cond(ifi.Cond) {
			return true
		}
	}
	return false
}

// sideOnly reports whether a block is reached only through one side of a
// branch: the side's block dominates it and is not the block itself (the
// join of an if with no else is its false side).
func sideOnly(side, b *ssa.BasicBlock) bool { return side != b && side.Dominates(b) }

// returnsByLimit reports whether a function of the package returns on
// both sides of a branch that compares an attempt count with a limit,
// each side by a return of its own (if attempt >= max { return parked };
// return now.Add(backoff)): the value it gives is the limit's choice, as
// a join's would be. A helper that compares the count with a number, or
// with a cap of the delay (if attempts > 12 { return time.Hour }, if
// attempt > maxBackoffExp), sizes a backoff and decides nothing.
func returnsByLimit(e *judge, fn *ssa.Function) bool {
	cond := func(v ssa.Value) bool {
		b, ok := v.(*ssa.BinOp)
		if !ok || !e.comparison(b) {
			return false
		}
		x := e.comparisons[b.Pos()]
		return x != nil && (countOperand(x.X) && limitOperand(x.Y) || countOperand(x.Y) && limitOperand(x.X))
	}
	var rets []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if len(b.Instrs) > 0 {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
				rets = append(rets, b)
			}
		}
	}
	for _, d := range fn.Blocks {
		if len(d.Instrs) == 0 || len(d.Succs) != 2 {
			continue
		}
		ifi, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok || !cond(ifi.Cond) {
			continue
		}
		onSide := func(side *ssa.BasicBlock) bool {
			return slices.ContainsFunc(rets, func(r *ssa.BasicBlock) bool { return side.Dominates(r) })
		}
		if onSide(d.Succs[0]) && onSide(d.Succs[1]) {
			return true
		}
	}
	return false
}

var (
	limitWord = regexp.MustCompile(`(?i)max|limit`)
	delayWord = regexp.MustCompile(`(?i)delay|backoff|wait|interval|exp|shift|cap|sleep|duration`)
)

// limitOperand reports whether a compared expression names an attempt
// limit: a variable, parameter, constant or field called like one
// (max, maxAttempts, policy.MaxRetries, cfg.RetryLimit), not a number
// and not a cap of a delay (maxBackoffExp, maxDelay).
func limitOperand(x ast.Expr) bool {
	var name string
	switch x := ast.Unparen(x).(type) {
	case *ast.Ident:
		name = x.Name
	case *ast.SelectorExpr:
		name = x.Sel.Name
	default:
		return false
	}
	return limitWord.MatchString(name) && !delayWord.MatchString(name)
}
