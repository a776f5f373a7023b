package maxattempts

import (
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A store may leave the choice between retrying and failing to a bool its
// caller binds into the SQL: SET status = CASE WHEN $3 THEN 'failed' ELSE
// 'pending' END. The statement then decides nothing: the value bound to $3
// does. It is followed to where it is computed (in the function, or at the
// package's calls of the function whose parameter it is, two calls up) and
// judged there: a comparison of an attempt count (j.Attempts >= max) bounds
// the retry; the constant that fails the job never retries; a value
// computed in sight that compares no count (errors.Is(err, ErrPermanent),
// a constant false) retries for ever; anything else (a field read, a
// function value's result) is out of sight and is not judged.

// boolCaseArm matches a CASE condition that is one bound parameter alone:
// $3, NOT $3, $3::boolean, $3 = true.
var boolCaseArm = regexp.MustCompile(`(?i)^\(*\s*(NOT\s+)?\(*\s*\$(\d+)\s*(::\s*bool(ean)?)?\s*\)*(\s*=\s*(true|false))?\s*\)*$`)

// boolCase returns, for a retry that sets the state column with a CASE of
// two arms whose condition is one bound parameter (CASE WHEN $3 THEN
// 'failed' ELSE 'pending' END), that parameter and the value of it that
// puts the job back: +1 true, -1 false. One arm must give a runnable state
// and the other a state where jobs end.
func boolCase(qt *queuemodel.QueueTable, r *queuemodel.Statement) (param, when int, ok bool) {
	for _, a := range r.Set {
		if a.Column != qt.StateColumn || len(a.Value.Arms) != 2 || len(a.Value.Arms[0].When) != 1 {
			continue
		}
		m := boolCaseArm.FindStringSubmatch(a.Value.Arms[0].When[0].Text)
		if m == nil {
			return 0, 0, false
		}
		n, err := strconv.Atoi(m[2])
		if err != nil {
			return 0, 0, false
		}
		then, els := a.Value.Arms[0].Result, a.Value.Arms[1].Result
		var retriesWhenTrue bool
		switch {
		case runnable(qt, then) && ended(qt, els):
			retriesWhenTrue = true
		case ended(qt, then) && runnable(qt, els):
			retriesWhenTrue = false
		default:
			return 0, 0, false
		}
		if m[1] != "" {
			retriesWhenTrue = !retriesWhenTrue // NOT $3
		}
		if m[6] != "" && m[6][0] != 't' && m[6][0] != 'T' {
			retriesWhenTrue = !retriesWhenTrue // $3 = false
		}
		if retriesWhenTrue {
			return n, 1, true
		}
		return n, -1, true
	}
	return 0, 0, false
}

func runnable(qt *queuemodel.QueueTable, v sqlcheck.Value) bool {
	return v.Kind == sqlcheck.ValueConst && slices.Contains(qt.Runnable, v.Str)
}

// ended reports whether a CASE result is a state where jobs stay: a
// constant that no poll takes and no claim writes.
func ended(qt *queuemodel.QueueTable, v sqlcheck.Value) bool {
	return v.Kind == sqlcheck.ValueConst && !slices.Contains(qt.Runnable, v.Str) && !slices.Contains(qt.Claimed, v.Str)
}

// A choice is what the values bound to a CASE's bool say about the retry.
type choice struct {
	v verdict // guarded, unguarded, or callersDecide (fn's parameter param)
	// unknown says some value is out of sight: nothing is said.
	unknown bool
	fn      *ssa.Function
	param   int
	// at are the calls that pass a value that retries with no limit.
	at []token.Pos
}

// boolChoice judges the values the Go call of r binds to its CASE's
// parameter p, of which the value when (+1 true, -1 false) retries.
func boolChoice(e *judge, r *queuemodel.Statement, p, when int) choice {
	call := e.Call(r.Call.Expr)
	vals := r.BoundValues(p)
	if call == nil || len(vals) == 0 {
		return choice{unknown: true}
	}
	out := choice{v: guarded}
	for _, v := range vals {
		out.add(e.boolGiven(v, when, call, 2, map[ssa.Value]bool{}))
	}
	return out
}

// add merges the choice of another value: one that retries with no limit
// decides, then one out of sight, then one left to callers.
func (c *choice) add(o choice) {
	c.at = append(c.at, o.at...)
	c.unknown = c.unknown || o.unknown
	switch {
	case o.v == unguarded || c.v == unguarded:
		c.v = unguarded
	case o.v == callersDecide:
		if c.v == callersDecide && (c.fn != o.fn || c.param != o.param) {
			c.unknown = true
		}
		c.v, c.fn, c.param = callersDecide, o.fn, o.param
	}
}

// boolGiven judges one value given to the CASE's bool by the call at
// (the statement's own call, or a call of the function whose parameter
// the value is), depth calls up.
func (e *judge) boolGiven(v ssa.Value, when int, at ssa.CallInstruction, depth int, seen map[ssa.Value]bool) choice {
	v = effects.Unconverted(v)
	if v == nil || seen[v] {
		return choice{unknown: true}
	}
	seen[v] = true
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value) != (when > 0) {
		return choice{v: guarded} // the value that ends the job: this call never retries
	}
	if effects.Guarded(at, guardCond(e)) || comparesCount(e, v, 1, map[ssa.Value]bool{}) {
		return choice{v: guarded}
	}
	switch v := v.(type) {
	case *ssa.Const:
		return choice{v: unguarded, at: []token.Pos{at.Pos()}}
	case *ssa.Phi:
		out := choice{v: guarded}
		for i, in := range v.Edges {
			pred := v.Block().Preds[i]
			last := pred.Instrs[len(pred.Instrs)-1]
			if br, ok := last.(*ssa.If); ok && comparesCount(e, br.Cond, 1, map[ssa.Value]bool{}) {
				continue // an edge out of an attempt comparison: which value it brings, the attempts decide
			}
			if g, _ := guardAt(e, last, 0); g == guarded {
				continue // given under an attempt comparison
			}
			out.add(e.boolGiven(in, when, at, depth, seen))
		}
		return out
	case *ssa.Parameter:
		return e.boolParam(v, when, at, depth, seen)
	case *ssa.BinOp, *ssa.UnOp, *ssa.Call, *ssa.Extract:
		if u, ok := v.(*ssa.UnOp); ok && u.Op != token.NOT {
			return choice{unknown: true} // a value loaded from memory: who stored it is out of sight
		}
		// Computed in sight, and compares no attempt count.
		return choice{v: unguarded, at: []token.Pos{at.Pos()}}
	}
	return choice{unknown: true}
}

// boolParam follows a parameter to the package's calls of its function:
// an exported function nothing here calls leaves the value to its callers
// in other packages.
func (e *judge) boolParam(p *ssa.Parameter, when int, at ssa.CallInstruction, depth int, seen map[ssa.Value]bool) choice {
	fn := p.Parent()
	if fn == nil || fn.Parent() != nil || at.Parent() != fn {
		return choice{unknown: true} // a closure's parameter: its callers are out of sight
	}
	i := slices.Index(fn.Params, p)
	if fn.Signature.Recv() != nil {
		i--
	}
	if i < 0 {
		return choice{unknown: true}
	}
	callers := slices.DeleteFunc(slices.Clone(e.MayCall(fn)), inTest)
	if len(callers) == 0 {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
			return choice{v: callersDecide, fn: fn, param: i + 1}
		}
		return choice{unknown: true}
	}
	if depth == 0 {
		return choice{unknown: true}
	}
	out := choice{v: guarded}
	for _, c := range callers {
		arg := effects.Arg(c, i)
		if arg == nil {
			out.add(choice{unknown: true})
			continue
		}
		out.add(e.boolGiven(arg, when, c, depth-1, seen))
	}
	return out
}
