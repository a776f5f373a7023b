package effects

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// ErrorSources returns the calls whose result the error compared with nil
// in cmp (err != nil, err == nil, in the function syntax fn) may hold on
// some path to the comparison: it follows the SSA value through branches
// (phis), interface conversions and the error arguments of the calls that
// build it (fmt.Errorf("...: %w", err) keeps err's calls as well as its
// own). A call assigned to the variable after the comparison on the same
// iteration, or before it on a path that assigns again, is not among them.
//
// known is false when SSA cannot tell: no SSA for the function, no
// comparison found, or a value that passes through memory (a variable a
// closure captures or whose address is taken) or some other instruction
// not followed. The caller then keeps what it knew.
func (e *Effects) ErrorSources(fn ast.Node, cmp *ast.BinaryExpr) (calls map[ssa.CallInstruction]bool, known bool) {
	f := e.Func(fn)
	if f == nil || cmp == nil || (cmp.Op != token.NEQ && cmp.Op != token.EQL) {
		return nil, false
	}
	var tested ssa.Value
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if bin, ok := instr.(*ssa.BinOp); ok && bin.Pos() == cmp.OpPos && bin.Op == cmp.Op {
				tested = bin.X
				if c, ok := bin.X.(*ssa.Const); ok && c.IsNil() {
					tested = bin.Y
				}
			}
		}
	}
	if tested == nil {
		return nil, false
	}
	calls = map[ssa.CallInstruction]bool{}
	seen := map[ssa.Value]bool{}
	work := []ssa.Value{tested}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == nil || seen[v] {
			continue
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Const, *ssa.Parameter:
			// nil, or an error the function was given: no call of its own.
		case *ssa.Phi:
			work = append(work, v.Edges...)
		case *ssa.ChangeInterface:
			work = append(work, v.X)
		case *ssa.MakeInterface:
			work = append(work, v.X)
		case *ssa.TypeAssert:
			work = append(work, v.X)
		case *ssa.Extract:
			c, ok := v.Tuple.(*ssa.Call)
			if !ok {
				return nil, false
			}
			work = append(work, c)
		case *ssa.Call:
			calls[v] = true
			args, ok := errorArgs(v)
			if !ok {
				return nil, false
			}
			work = append(work, args...)
		default:
			return nil, false
		}
	}
	return calls, true
}

// errorArgs returns the arguments of a call that may be errors, the
// elements of a variadic ...any included, for a call that wraps them.
func errorArgs(c *ssa.Call) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, a := range c.Call.Args {
		if sl, ok := a.(*ssa.Slice); ok {
			if _, ok := sl.X.(*ssa.Alloc); !ok {
				return nil, false
			}
			for _, v := range variadic(a) {
				if mayBeError(v.Type()) {
					out = append(out, v)
				}
			}
			continue
		}
		if mayBeError(a.Type()) {
			out = append(out, a)
		}
	}
	return out, true
}

// mayBeError reports whether a value of type t may be an error: an error,
// a type that implements it, or an empty interface.
func mayBeError(t types.Type) bool {
	if i, ok := t.Underlying().(*types.Interface); ok && i.Empty() {
		return true
	}
	return types.Implements(t, errorIface)
}

var errorIface = types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
