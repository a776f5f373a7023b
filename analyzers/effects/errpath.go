package effects

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Values a helper returns only together with a non-nil error, and the
// empty text a helper returns when a run-time number is zero, are values
// the program does not run a query with:
//
//   - table, cols, err := spec(kind), whose default case returns "", "",
//     ErrUnknownKind: a caller that uses table only where err is nil (every
//     path from the error's side of its check to the use passes the check
//     again) never sees the "" and gets only the success returns; a caller
//     that ignores err, or uses table on the error's side too, gets a hole
//     in the error return's place: the tool cannot tell whether that path
//     runs, and says nothing rather than parse "SELECT ... FROM  WHERE".
//   - placeholders(start, n), which returns "" when n <= 0 and otherwise
//     joins n bind parameters: its "" is the empty list, and whether a
//     caller can pass an empty list (most return early on one) depends on
//     a run-time length the tool does not know. That return is a hole, not
//     an empty IN list.

// errResult is the index of fn's error result when it is its last result
// and fn has others; -1 otherwise.
func errResult(fn *ssa.Function) int {
	res := fn.Signature.Results()
	if res.Len() < 2 || !isErrorType(res.At(res.Len()-1).Type()) {
		return -1
	}
	return res.Len() - 1
}

// neverNilError reports whether an error value is never nil: an error made
// from a concrete value, errors.New or fmt.Errorf, a package variable of
// type error (a sentinel error), or a phi of those.
func neverNilError(v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return true
	case *ssa.ChangeInterface:
		return neverNilError(x.X, seen)
	case *ssa.Call:
		callee := x.Common().StaticCallee()
		return callee != nil && (isFunc(callee, "errors", "New") || isFunc(callee, "fmt", "Errorf"))
	case *ssa.UnOp:
		g, ok := x.X.(*ssa.Global)
		return ok && x.Op == token.MUL && isErrorType(x.Type()) && g.Object() != nil
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !neverNilError(e, seen) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// errorReturn reports whether a return gives a non-nil error as fn's
// error result: one never nil, or one returned where a check found it not
// nil.
func errorReturn(ret *ssa.Return, errIdx int) bool {
	if errIdx < 0 || errIdx >= len(ret.Results) {
		return false
	}
	err := ret.Results[errIdx]
	return neverNilError(err, map[ssa.Value]bool{}) || onErrorSide(ret.Block(), err)
}

// onErrorSide reports whether blk runs only where err is not nil: a check
// of err dominates it, and no path from the check's nil side reaches it
// without passing the check again (x, err := g(); if err != nil { return
// "", err }).
func onErrorSide(blk *ssa.BasicBlock, err ssa.Value) bool {
	for b := blk.Idom(); b != nil; b = b.Idom() {
		c, ok := errCheckAt(b)
		if !ok || c.err != err {
			continue
		}
		nilSide := b.Succs[0]
		if nilSide == c.onError {
			nilSide = b.Succs[1]
		}
		if !reachesAvoiding(nilSide, blk, b) {
			return true
		}
	}
	return false
}

// usedWhereNil reports whether every use of res, a result of the call that
// also gives err, runs only where err is nil: a check of err that
// dominates the use, from whose error side no path reaches the use without
// passing the check again.
func usedWhereNil(res ssa.Value, err *ssa.Extract) bool {
	if err == nil {
		return false
	}
	refs := res.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, ref := range *refs {
		if _, ok := ref.(*ssa.DebugRef); ok {
			continue
		}
		if phi, ok := ref.(*ssa.Phi); ok {
			for i, e := range phi.Edges {
				if e == res && !blockWhereNil(phi.Block().Preds[i], err, phi.Block()) {
					return false
				}
			}
			continue
		}
		if ref.Block() == nil || !blockWhereNil(ref.Block(), err, nil) {
			return false
		}
	}
	return true
}

// blockWhereNil reports whether blk runs only where err is nil; when to is
// not nil, the use is on the edge from blk to to (a phi's edge), after
// any check that ends blk.
func blockWhereNil(blk *ssa.BasicBlock, err ssa.Value, to *ssa.BasicBlock) bool {
	b := blk.Idom()
	if to != nil {
		b = blk
	}
	for ; b != nil; b = b.Idom() {
		c, ok := errCheckAt(b)
		if !ok || c.err != err {
			continue
		}
		if b == blk {
			// The edge leaves the check itself: the nil side or not.
			return to != c.onError
		}
		if !reachesAvoiding(c.onError, blk, b) {
			return true
		}
	}
	return false
}

// errExtract returns the Extract of a call's i-th result, if the caller
// reads it.
func errExtract(call *ssa.Call, i int) *ssa.Extract {
	refs := call.Referrers()
	if refs == nil {
		return nil
	}
	for _, ref := range *refs {
		if x, ok := ref.(*ssa.Extract); ok && x.Index == i {
			return x
		}
	}
	return nil
}

// lengthEmpty reports whether a return gives the empty string as its i-th
// result only on a branch that a comparison of a run-time length (n bound
// to len(ids)) not decided under the binding selects (if n <= 0 { return
// "" }): the empty list's case. A number of another kind (a limit, a
// page) keeps its "": which lengths a caller passes is what the tool
// does not see, not which numbers.
func (r *resolver) lengthEmpty(ret *ssa.Return, i int, b *binding, depth int) bool {
	c, ok := ret.Results[i].(*ssa.Const)
	if !ok || !isStringType(c.Type()) || c.Value != nil && (c.Value.Kind() != constant.String || constant.StringVal(c.Value) != "") {
		return false
	}
	blk := ret.Block()
	for d := blk.Idom(); d != nil; d = d.Idom() {
		iff, ok := last(d).(*ssa.If)
		if !ok {
			continue
		}
		bin, ok := iff.Cond.(*ssa.BinOp)
		if !ok || !isIntegerType(bin.X.Type()) || !comparison(bin.Op) {
			continue
		}
		// Only one side of the branch leads to the return.
		if dominatesVia(d, 0, blk) == dominatesVia(d, 1, blk) {
			continue
		}
		if !runTimeLength(bin.X, b, 0) && !runTimeLength(bin.Y, b, 0) {
			continue
		}
		if _, decided := r.truth(bin, b, depth); !decided {
			return true
		}
	}
	return false
}

// runTimeLength reports whether an integer is the length of a slice, map
// or string (len(ids), len(ids)+1), here or as the argument the call being
// followed binds a parameter to.
func runTimeLength(v ssa.Value, b *binding, depth int) bool {
	if depth > maxSteps {
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		bi, ok := x.Call.Value.(*ssa.Builtin)
		return ok && bi.Name() == "len"
	case *ssa.Convert:
		return runTimeLength(x.X, b, depth+1)
	case *ssa.BinOp:
		return runTimeLength(x.X, b, depth+1) || runTimeLength(x.Y, b, depth+1)
	case *ssa.Parameter:
		if b != nil && b.fn == x.Parent() && b.call != nil {
			if i := slices.Index(x.Parent().Params, x); i >= 0 && i < len(b.call.Common().Args) {
				return runTimeLength(b.call.Common().Args[i], b.outer, depth+1)
			}
		}
	}
	return false
}

func comparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return true
	}
	return false
}

// dominatesVia reports whether every path from d to blk leaves d by its
// succ-th successor.
func dominatesVia(d *ssa.BasicBlock, succ int, blk *ssa.BasicBlock) bool {
	other := d.Succs[1-succ]
	return !reachesAvoiding(other, blk, d)
}
