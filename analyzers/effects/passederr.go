package effects

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// What a function does with the error a call gives it: a store's MarkDone
// that returns its Exec's error as it is passes the write's failure on to
// its caller, and a caller that drops MarkDone's result drops the write's;
// one that logs the error before it returns it has said what went wrong
// already.

// PassedErrors returns the calls of a function (its syntax, fn) whose error
// result the function returns as its own error result, as it is or wrapped
// (fmt.Errorf, errors.Join, pkg/errors' Wrap and WithMessage), with nothing
// else done with it on the way: compared with nil or tested with
// errors.Is, errors.As or a type assertion, and otherwise only converted
// and merged at branches. A call whose error is also handed to any other
// function (a logger, err.Error() for a message, a metric), stored, sent
// on a channel or captured by a closure is not among them: the function
// may have reported it. Calls made in deferred or spawned calls, and in
// function literals, are not the function's own.
func (e *Effects) PassedErrors(fn ast.Node) map[ssa.CallInstruction]bool {
	f := e.Func(fn)
	if f == nil || !returnsError(f) {
		return nil
	}
	out := map[ssa.CallInstruction]bool{}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if v := errorOf(c); v != nil && passedOn(v) {
				out[c] = true
			}
		}
	}
	return out
}

// DroppedError reports whether a call returns an error as its last result
// and the code never reads it: the call made as a statement, assigned to
// blanks, or assigned to a variable that is assigned again on every path
// before anything reads it. A deferred or spawned call, and one SSA
// cannot tell, answer false.
func (e *Effects) DroppedError(call ssa.CallInstruction) bool {
	c, ok := call.(*ssa.Call)
	if !ok {
		return false
	}
	res := c.Call.Signature().Results()
	if res.Len() == 0 || !isErrorType(res.At(res.Len()-1).Type()) {
		return false
	}
	v := errorOf(c)
	return v == nil || !read(v)
}

// read reports whether an instruction other than a debug reference uses v.
func read(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true // cannot tell
	}
	for _, r := range *refs {
		if _, debug := r.(*ssa.DebugRef); !debug {
			return true
		}
	}
	return false
}

// returnsError reports whether a function's last result is an error.
func returnsError(f *ssa.Function) bool {
	res := f.Signature.Results()
	return res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type())
}

// errorOf returns the value of a call's error result (its last, of type
// error), or nil when it has none or the code extracts none from its
// tuple.
func errorOf(c *ssa.Call) ssa.Value {
	res := c.Call.Signature().Results()
	last := res.Len() - 1
	if last < 0 || !isErrorType(res.At(last).Type()) {
		return nil
	}
	if res.Len() == 1 {
		return c
	}
	for _, r := range *c.Referrers() {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == last {
			return ex
		}
	}
	return nil
}

// passedOn reports whether an error value reaches the last result of a
// return of its function, and nothing but the neutral uses PassedErrors
// lists touches it on the way.
func passedOn(v ssa.Value) bool {
	returned := false
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{v}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if seen[v] {
			continue
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef, *ssa.TypeAssert:
			case *ssa.Return:
				if r.Results[len(r.Results)-1] != v {
					return false
				}
				returned = true
			case *ssa.Phi:
				work = append(work, r)
			case *ssa.MakeInterface:
				work = append(work, r)
			case *ssa.ChangeInterface:
				work = append(work, r)
			case *ssa.ChangeType:
				work = append(work, r)
			case *ssa.BinOp:
				if r.Op != token.EQL && r.Op != token.NEQ {
					return false
				}
			case *ssa.Call:
				switch {
				case r.Call.IsInvoke() && r.Call.Value == v:
					return false // err.Error(): a message made of it
				case inspectsError(r):
				case wrapsError(r):
					w := errorOf(r)
					if w == nil {
						return false
					}
					work = append(work, w)
				default:
					return false
				}
			case *ssa.Store:
				if loads, ok := slotLoads(r); ok {
					// The result slot of a function with defers: return
					// err stores it there, and the return loads it.
					work = append(work, loads...)
					continue
				}
				// An element of a variadic ...any: the call it is handed
				// to decides.
				w := variadicWrapper(r)
				if w == nil {
					return false
				}
				work = append(work, w)
			default:
				return false
			}
		}
	}
	return returned
}

// slotLoads returns the loads of the local a store writes the value into,
// when the value is stored as the whole local (not into a field or an
// element) and the local is only stored into and loaded: the slot that
// holds a function's result where it defers calls (SSA keeps it in memory
// for the deferred calls' recover). Any other use of the local (its
// address handed on) answers false.
func slotLoads(st *ssa.Store) ([]ssa.Value, bool) {
	alloc, ok := st.Addr.(*ssa.Alloc)
	if !ok || alloc.Heap || alloc.Referrers() == nil {
		return nil, false
	}
	var loads []ssa.Value
	for _, r := range *alloc.Referrers() {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc {
				return nil, false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil, false
			}
			loads = append(loads, r)
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return loads, true
}

// variadicWrapper returns the error result of the wrapping call (see
// wrapsError) whose ... argument a store fills (fmt.Errorf("done %d: %w",
// id, err)), or nil when the slice goes anywhere else.
func variadicWrapper(st *ssa.Store) ssa.Value {
	ia, ok := st.Addr.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	arr, ok := ia.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out ssa.Value
	for _, r := range *arr.Referrers() {
		switch r := r.(type) {
		case *ssa.IndexAddr:
		case *ssa.Slice:
			for _, rr := range *r.Referrers() {
				c, ok := rr.(*ssa.Call)
				if !ok || !wrapsError(c) || out != nil {
					return nil
				}
				if out = errorOf(c); out == nil {
					return nil
				}
			}
		default:
			return nil
		}
	}
	return out
}

// wrapsError reports whether a call makes an error that carries the
// errors it is given: fmt.Errorf, errors.Join, and pkg/errors' Wrap,
// Wrapf, WithMessage, WithMessagef and WithStack.
func wrapsError(c *ssa.Call) bool {
	callee := c.Call.StaticCallee()
	if callee == nil {
		return false
	}
	switch {
	case isFunc(callee, "fmt", "Errorf"), isFunc(callee, "errors", "Join"):
		return true
	}
	for _, name := range []string{"Wrap", "Wrapf", "WithMessage", "WithMessagef", "WithStack"} {
		if isFunc(callee, "github.com/pkg/errors", name) {
			return true
		}
	}
	return false
}

// inspectsError reports whether a call only tests an error: errors.Is or
// errors.As.
func inspectsError(c *ssa.Call) bool {
	callee := c.Call.StaticCallee()
	return callee != nil && (isFunc(callee, "errors", "Is") || isFunc(callee, "errors", "As"))
}
