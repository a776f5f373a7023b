package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// A string helper called through an interface (a dialect's rebind, a
// store's quoting method) returns what the method of each concrete type
// its receiver may hold returns: each type's method of this package
// summarized as a helper of another package is (summary.go), the call's
// arguments in place of its parameters, and the union of them taken. When
// the receiver may hold a type out of sight, or one type's method builds
// its result from more than its arguments (a field of the receiver), the
// result stays a hole.

// throughInterface resolves the string result of a method called through an
// interface; false when some method the receiver may run cannot be
// summarized.
func (r *resolver) throughInterface(call *ssa.Call, b *binding, depth int) (Values, bool) {
	common := call.Common()
	sig := common.Signature()
	if sig.Results().Len() != 1 || !isStringType(sig.Results().At(0).Type()) {
		return Values{}, false
	}
	ts, known := r.e.ReceiverTypes(call)
	if !known || len(ts) == 0 {
		return Values{}, false
	}
	var out Values
	for _, t := range ts {
		m := r.e.methodOf(t, common.Method)
		if m == nil || m.Pkg() != r.e.Pkg().Pkg {
			return Values{}, false
		}
		fn := r.e.Pkg().Prog.FuncValue(m)
		if fn == nil || len(fn.Blocks) == 0 || r.onStack[fn] {
			return Values{}, false
		}
		s := r.e.methodSummary(fn)
		if s == nil {
			return Values{}, false
		}
		out = union(out, r.applySummary(s, common.Args, 1, typeShort(m)+"."+m.Name(), b, depth))
	}
	return out, true
}

// methodSummary summarizes a method of this package, once.
func (e *Effects) methodSummary(fn *ssa.Function) *StringFunc {
	e.givenMu.Lock()
	s, ok := e.methodSums[fn]
	e.givenMu.Unlock()
	if ok {
		return s
	}
	// No summary while it is computed: a method that reaches itself
	// through the interface is not summarized.
	e.givenMu.Lock()
	if e.methodSums == nil {
		e.methodSums = map[*ssa.Function]*StringFunc{}
	}
	e.methodSums[fn] = nil
	e.givenMu.Unlock()
	s = e.summarize(fn)
	e.givenMu.Lock()
	defer e.givenMu.Unlock()
	e.methodSums[fn] = s
	return s
}

// typeShort names a method's receiver type without its package.
func typeShort(m *types.Func) string {
	recv := m.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return t.String()
}
