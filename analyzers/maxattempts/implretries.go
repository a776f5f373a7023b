package maxattempts

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// implementedRetries sets fact to what a call of the interface method fn
// does when every implementation of it in sight is a method of another
// package that retries under the same conditions (a store interface the
// relay declares, implemented by sqlc's Queries): the call is judged as a
// call of that method. Where one implementation does not retry, decides
// otherwise, is out of sight, or is this package's own (judged where its
// retry is), nothing is set.
func implementedRetries(pass *analysis.Pass, m *queuemodel.Model, fn *types.Func, fact *Retries) bool {
	impls, all := m.ImplementationsOf(fn)
	if !all || len(impls) == 0 {
		return false
	}
	var first *Retries
	for _, impl := range impls {
		var f Retries
		if impl.Pkg() == pass.Pkg || !pass.ImportObjectFact(impl, &f) {
			return false
		}
		if first != nil && !sameConditions(first, &f) {
			return false
		}
		if first == nil {
			first = &f
		}
	}
	*fact = *first
	return true
}

// sameConditions reports whether two functions retry under the same
// conditions, wherever their statements are.
func sameConditions(a, b *Retries) bool {
	x, y := a.each(), b.each()
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		x[i].Retry, y[i].Retry = queuemodel.Deferred{}, queuemodel.Deferred{}
		if !sameRetry(x[i], y[i]) {
			return false
		}
	}
	return true
}

// ownImplementedRetries sets fact to what a call of the interface method fn
// does when the implementations the call may run (narrowed by the
// receiver's concrete types where the code shows them) are this
// package's own methods that hand their retry on to their callers, under
// the same conditions: an exported Nack(ctx, lease, requeue) that the
// package's consumer calls through its Queue interface. Its retry is not
// judged where it is written (callers elsewhere may decide), so this
// call, the package's own, is judged as a call of it.
func ownImplementedRetries(m *queuemodel.Model, e *judge, deferred *retriesAt, fn *types.Func, instr ssa.CallInstruction, fact *Retries) bool {
	if !instr.Common().IsInvoke() {
		return false
	}
	impls, all := m.ImplementationsOf(fn)
	if !all || len(impls) == 0 {
		return false
	}
	var first *Retries
	for _, impl := range impls {
		implFn := e.Pkg().Prog.FuncValue(impl)
		if implFn == nil {
			return false
		}
		if !e.MayDispatchTo(instr, implFn) {
			continue
		}
		f := deferred.facts[impl]
		if f == nil || first != nil && !sameConditions(first, f) {
			return false
		}
		if first == nil {
			first = f
		}
	}
	if first == nil {
		return false
	}
	*fact = *first
	return true
}
