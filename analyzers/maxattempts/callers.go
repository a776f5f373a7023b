package maxattempts

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A store's exported Retry that puts the job back on every path decides
// nothing: its callers do, and they are usually in another package (the
// worker). Its package hands the retry on (Retries); each package that
// calls the function judges its calls as if the retry were written there:
// guarded by an attempt comparison, or reported at the call.

// Retries is the fact that an exported function puts a failed job back on
// every path, and that nothing its package can see limits the attempts.
type Retries struct {
	Retry queuemodel.Deferred
	// Param is the bool parameter (from 1) whose value decides between
	// the retry and its alternative; 0 when the function always retries.
	Param int
}

func (*Retries) AFact() {}

func (r *Retries) String() string { return "retries(" + r.Retry.At + ")" }

// retriesAt collects the package's functions whose callers decide.
type retriesAt struct {
	facts map[*types.Func]*Retries
}

func newRetriesAt() *retriesAt { return &retriesAt{facts: make(map[*types.Func]*Retries)} }

// add hands a retry made in fn on to fn's callers (and to the callers of
// the package's interface methods fn implements).
func (d *retriesAt) add(pass *analysis.Pass, m *queuemodel.Model, fn *ssa.Function, param int, r *queuemodel.Statement) {
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return
	}
	d.hand(pass, obj, Retries{Retry: m.Defer(pass, obj, 0, r, ""), Param: param})
}

func (d *retriesAt) hand(pass *analysis.Pass, fn *types.Func, f Retries) {
	for _, m := range append([]*types.Func{fn}, queuemodel.InterfaceMethods(pass, fn)...) {
		if _, ok := d.facts[m]; !ok {
			d.facts[m] = &f
		}
	}
}

func (d *retriesAt) export(pass *analysis.Pass) {
	for fn, f := range d.facts {
		pass.ExportObjectFact(fn, f)
	}
}

// judgeCalls judges the package's calls of other packages' functions that
// always retry: a call that no attempt comparison guards is a retry with
// no limit, reported at the call, unless the package records a failure
// under a guard of its own. A call made on every path of an exported
// function that nothing here calls is handed on again.
func judgeCalls(pass *analysis.Pass, m *queuemodel.Model, e *judge, guardedFail bool, deferred *retriesAt) {
	for cur := range m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := queuemodel.Callee(pass, call)
		if fn == nil || fn.Pkg() == pass.Pkg {
			continue
		}
		var f Retries
		if !pass.ImportObjectFact(fn, &f) || queuemodel.InTestFile(pass, call.Pos()) || m.ResetsStuck(call) {
			continue // a reset of a job a scan found stuck is a reclaim: the lease's business
		}
		instr := e.Call(call)
		if instr == nil {
			continue // no SSA: not guessed
		}
		switch v, top := retryGuard(e, instr); v {
		case guarded:
		case callersDecide:
			if obj, ok := top.Object().(*types.Func); ok {
				deferred.hand(pass, obj, Retries{Retry: f.Retry})
			}
		default:
			if f.Param > 0 {
				if arg := effects.Arg(instr, f.Param-1); arg != nil && comparesCount(e, arg, 1, map[ssa.Value]bool{}) {
					continue // the value the call passes decides on the attempts
				}
			}
			if guardedFail {
				continue
			}
			what := fmt.Sprintf("%s retries on every path (%s)", f.Retry.Func, f.Retry.At)
			if f.Param > 0 {
				what = fmt.Sprintf("%s retries unless its caller says the attempts ran out (%s), and this call's argument compares no attempt count", f.Retry.Func, f.Retry.At)
			}
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(),
				Related: []analysis.RelatedInformation{{
					Pos:     m.RelatedPos(f.Retry),
					Message: "the retry " + f.Retry.Func + " makes on every path",
				}},
				Message: fmt.Sprintf("this call puts the job back with no limit\n%s, and no attempt comparison guards this call, so a job that always fails is retried for ever; "+
					"guard it (if job.Attempts >= max { fail }) or decide in its SQL (CASE WHEN attempts >= $n THEN 'failed' ...)", what),
			})
		}
	}
}
