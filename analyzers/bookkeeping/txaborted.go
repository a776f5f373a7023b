package bookkeeping

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// returnsOnTxOutcome reports, on SSA, whether a return that leaves the
// claim's transaction uncommitted is taken only because of what the
// completion or a later statement on that transaction gave back: a
// branch on the way to it, that the return cannot be reached around,
//
//   - takes the non-nil side of a check of an error that a call on the
//     transaction returned, from the completion on (the completion
//     itself, a later statement, tx.QueryRow(...).Scan, or a method of
//     the completion's result such as RowsAffected), whatever runs
//     between the call and the check (a log line) and whatever else the
//     condition tests (err != nil && !errors.Is(err, context.Canceled));
//     PostgreSQL has aborted the transaction: its COMMIT rolls back;
//   - or compares the number of rows the completion wrote with a
//     constant, on the side where that number is not 1 (n != 1, n == 0):
//     the completion wrote nothing, and rolling it back loses nothing.
func returnsOnTxOutcome(at ssa.CallInstruction, tx *effects.Tx, ret *ssa.Return) bool {
	target := ret.Block()
	for d := target; d != nil; d = d.Idom() {
		p := d.Idom()
		if p == nil || len(p.Instrs) == 0 {
			break
		}
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 {
			continue
		}
		var side bool
		switch {
		case p.Succs[0] != p.Succs[1] && p.Succs[0].Dominates(target):
			side = true
		case p.Succs[0] != p.Succs[1] && p.Succs[1].Dominates(target):
			side = false
		default:
			continue
		}
		if txOutcomeBranch(at, tx, ifi.Cond, side) {
			return true
		}
	}
	return false
}

// txOutcomeBranch reports whether one side of a condition is an error of
// the transaction from the completion on, or a count of rows the
// completion wrote other than 1.
func txOutcomeBranch(at ssa.CallInstruction, tx *effects.Tx, cond ssa.Value, side bool) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok {
		return false
	}
	x, y, op := bin.X, bin.Y, bin.Op
	if _, ok := x.(*ssa.Const); ok {
		x, y, op = y, x, swap(op)
	}
	c, ok := y.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil && isError(x.Type()) {
		errSide := op == token.NEQ && side || op == token.EQL && !side
		return errSide && fromTx(at, tx, x, map[ssa.Value]bool{})
	}
	if c.Value == nil || c.Value.Kind() != constant.Int || !isInteger(x.Type()) || !fromTx(at, tx, x, map[ssa.Value]bool{}) {
		return false
	}
	one := constant.MakeInt64(1)
	holds := false
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		holds = constant.Compare(one, op, c.Value)
	default:
		return false
	}
	return holds != side // on this side, the completion did not write one row
}

// fromTx reports whether a value is a result of a call on the
// transaction made from the completion on, or of a method called on such
// a result (res.RowsAffected(), row.Scan(...)).
func fromTx(at ssa.CallInstruction, tx *effects.Tx, v ssa.Value, seen map[ssa.Value]bool) bool {
	if seen[v] {
		return false
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Extract:
		return fromTx(at, tx, v.Tuple, seen)
	case *ssa.Phi:
		some := false
		for _, e := range v.Edges {
			if c, ok := e.(*ssa.Const); ok && c.Value == nil {
				continue // err = nil on a path that made no call
			}
			if !fromTx(at, tx, e, seen) {
				return false
			}
			some = true
		}
		return some
	case *ssa.Call:
		if v == at {
			return true
		}
		if !effects.Before(at, v) {
			return false
		}
		if effects.HandleOf(v).Same(tx.Handle) {
			return true
		}
		common := v.Common()
		if common.IsInvoke() {
			return fromTx(at, tx, common.Value, seen)
		}
		if common.Signature().Recv() != nil && len(common.Args) > 0 {
			return fromTx(at, tx, common.Args[0], seen)
		}
		if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(common.Args) > 0 {
			return fromTx(at, tx, common.Args[0], seen)
		}
	}
	return false
}

func swap(op token.Token) token.Token {
	switch op {
	case token.LSS:
		return token.GTR
	case token.GTR:
		return token.LSS
	case token.LEQ:
		return token.GEQ
	case token.GEQ:
		return token.LEQ
	}
	return op
}

func isError(t types.Type) bool { return types.Identical(t, errorType) }

func isInteger(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}
