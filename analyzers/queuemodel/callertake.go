package queuemodel

import (
	"go/ast"
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// A store's UpdateStatus(ctx, id, status) writes whatever state its caller
// gives: called with the job a poll just returned, it may take the job
// (status running) or finish it at once (done, cancelled). The store's
// package cannot tell which of the states its callers give is the one
// jobs are worked in; the caller's code can. A job taken is worked on,
// then moved on again: the function that takes it moves the same job to
// another state later in the same run (done, failed). A job moved to an
// outcome is left there.

// confirmedTake reports whether a call of a take whose state its caller
// gives (Half.ByCaller) takes the job that the poll's call returned, and
// the state it takes it to: the call gives a state among the half's
// States, as a constant, and, unless the store's claims name that state
// (Half.Confirm), a later call of a take of the same table
// that the call dominates on the caller's SSA (the same run of the
// function, not the next turn of its loop) gives the job that flows from
// the poll another state.
func (b *builder) confirmedTake(decl *ast.FuncDecl, poll, take *ast.CallExpr, h *Half) (string, bool) {
	if b.effects == nil {
		return "", false
	}
	pi, ti := b.effects.Call(poll), b.effects.Call(take)
	if pi == nil || ti == nil || pi.Value() == nil {
		return "", false
	}
	given, ok := b.givenStates(take, ti, h)
	if !ok || len(given) != 1 || !slices.Contains(h.States, given[0]) {
		return "", false
	}
	if !h.Confirm {
		return given[0], true // the store's own claims say the state is the one they take jobs to
	}
	confirmed := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if n == take || confirmed {
				return !confirmed
			}
			later, _ := b.halfAt(n)
			if later == nil || !later.Take || later.Table != h.Table {
				return true
			}
			li := b.effects.Call(n)
			if li == nil || !effects.Before(ti, li) || !slices.ContainsFunc(li.Common().Args, func(a ssa.Value) bool { return b.effects.Flows(pi.Value(), a) }) {
				return true
			}
			next, ok := b.givenStates(n, li, later)
			confirmed = ok && slices.ContainsFunc(next, func(s string) bool { return s != given[0] })
		}
		return !confirmed
	})
	return given[0], confirmed
}

// givenStates returns the states a call of a take gives: for a take whose
// state its caller gives, the constants the call passes at Half.StateAt
// (a typed constant, or a field of the struct literal it passes); for any
// other take, none is known.
func (b *builder) givenStates(call *ast.CallExpr, instr ssa.CallInstruction, h *Half) ([]string, bool) {
	if !h.ByCaller {
		return nil, false
	}
	if h.StateAt.Index < 0 {
		return h.States, true // given by the function the call forwards to (see forwardedState)
	}
	if h.StateAt.Index >= len(call.Args) || call.Ellipsis.IsValid() {
		return nil, false
	}
	arg := ast.Unparen(call.Args[h.StateAt.Index])
	if h.StateAt.Field != "" {
		if u, ok := arg.(*ast.UnaryExpr); ok && u.Op == token.AND {
			arg = ast.Unparen(u.X)
		}
		lit, ok := arg.(*ast.CompositeLit)
		if !ok {
			return nil, false
		}
		arg = nil
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if k, ok := kv.Key.(*ast.Ident); ok && k.Name == h.StateAt.Field {
					arg = kv.Value
				}
			}
		}
		if arg == nil {
			return nil, false
		}
	}
	if tv, ok := b.pass.TypesInfo.Types[arg]; ok && tv.Value != nil && tv.Value.Kind() == constant.String {
		return []string{constant.StringVal(tv.Value)}, true
	}
	if h.StateAt.Field != "" || instr == nil {
		return nil, false
	}
	i := h.StateAt.Index
	if !instr.Common().IsInvoke() && instr.Common().Signature().Recv() != nil {
		i++ // a static method call: its receiver is argument 0
	}
	if i >= len(instr.Common().Args) {
		return nil, false
	}
	vs := b.effects.Strings(instr.Common().Args[i])
	if !vs.Known() {
		return nil, false
	}
	var out []string
	for _, v := range vs.Set {
		t, ok := v.Text()
		if !ok {
			return nil, false
		}
		out = append(out, t)
	}
	return out, true
}
