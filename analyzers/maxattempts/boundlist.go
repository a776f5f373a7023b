package maxattempts

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A state filter bound from Go: WHERE id = ANY($1) AND state = ANY($2),
// with $2 a slice literal of constants ([]string{StateDead,
// StateCanceled}), in the call or at every call of the function whose
// parameter it is. The states are read for this rule's question alone
// (which jobs a requeue takes back); the model's polls and states are
// left as they are, so an admin's listing of dead rows stays no poll.

// boundWhere returns a statement's WHERE with each conjunct that compares
// col with one bound parameter (col = $2, col = ANY($2), col <> ALL($2))
// read as the constants the Go code binds to it, when every value it may
// bind is a string constant or a slice literal of them. ok says whether
// any conjunct was read so.
func boundWhere(e *judge, st *queuemodel.Statement, col string) (where []sqlcheck.Pred, ok bool) {
	for _, p := range st.Where {
		if p.Column == col && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam &&
			(p.Op == sqlcheck.OpEq || p.Op == sqlcheck.OpIn || p.Op == sqlcheck.OpNe || p.Op == sqlcheck.OpNotIn) {
			if strs, known := boundStrings(e, st.BoundValues(p.Values[0].Param)); known {
				q := p
				q.Values = nil
				for _, s := range strs {
					q.Values = append(q.Values, sqlcheck.Value{Kind: sqlcheck.ValueConst, Str: s, Text: "'" + s + "'"})
				}
				where, ok = append(where, q), true
				continue
			}
		}
		where = append(where, p)
	}
	return where, ok
}

// boundStrings returns the string constants the values may hold: each a
// constant, or a slice literal whose every element is one, passed as it
// is or through a parameter that every static call of its function in the
// package binds so (two calls up). Nil and false when any is out of sight.
func boundStrings(e *judge, vs []ssa.Value) ([]string, bool) {
	if len(vs) == 0 {
		return nil, false
	}
	var out []string
	for _, v := range vs {
		strs, ok := constStrings(e, v, 2)
		if !ok {
			return nil, false
		}
		out = append(out, strs...)
	}
	return out, len(out) > 0
}

func constStrings(e *judge, v ssa.Value, depth int) ([]string, bool) {
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return constStrings(e, x.X, depth)
	case *ssa.ChangeType:
		return constStrings(e, x.X, depth)
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.String {
			return []string{constant.StringVal(x.Value)}, true
		}
	case *ssa.Call:
		// pq.Array(states): the driver's wrapper of a slice.
		if fn := x.Call.StaticCallee(); fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "github.com/lib/pq" && fn.Name() == "Array" && len(x.Call.Args) == 1 {
			return constStrings(e, x.Call.Args[0], depth)
		}
	case *ssa.Slice:
		return arrayStrings(x.X)
	case *ssa.Parameter:
		fn := x.Parent()
		if depth == 0 || fn == nil || fn.Parent() != nil {
			return nil, false
		}
		i := -1
		for k, p := range fn.Params {
			if p == x {
				i = k
			}
		}
		callers := e.CallersOf(fn)
		if i < 0 || len(callers) == 0 {
			return nil, false
		}
		var out []string
		for _, c := range callers {
			common := c.Common()
			if common.IsInvoke() || len(common.Args) != len(fn.Params) {
				return nil, false
			}
			strs, ok := constStrings(e, common.Args[i], depth-1)
			if !ok {
				return nil, false
			}
			out = append(out, strs...)
		}
		return out, true
	}
	return nil, false
}

// arrayStrings returns the elements of a slice literal's array when each
// of them is stored once, from a string constant.
func arrayStrings(v ssa.Value) ([]string, bool) {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok || arr.Len() == 0 {
		return nil, false
	}
	elems := make([]*string, arr.Len())
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue // the slice itself
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil, false
		}
		j, exact := constant.Int64Val(k.Value)
		if !exact || j < 0 || j >= arr.Len() {
			return nil, false
		}
		for _, use := range *ia.Referrers() {
			st, ok := use.(*ssa.Store)
			if !ok || st.Addr != ia {
				return nil, false // the element is read or handed on: not a literal's
			}
			c, ok := st.Val.(*ssa.Const)
			if !ok || c.Value == nil || c.Value.Kind() != constant.String || elems[j] != nil {
				return nil, false
			}
			s := constant.StringVal(c.Value)
			elems[j] = &s
		}
	}
	var out []string
	for _, s := range elems {
		if s == nil {
			return nil, false
		}
		out = append(out, *s)
	}
	return out, true
}
