package lease

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Claims whose lease is at their callers (see queuemodel.Deferred): a
// sqlc method that claims with no way back needs none when its caller
// runs it in a transaction held through the work, which a dead worker's
// connection rolls back. Its package hands the finding on
// (queuemodel.Pending[handedOn]); each package that calls the method
// judges its calls by what it runs them on.

// handedOn is the lease rule's own instance of queuemodel.Pending.
type handedOn struct{}

// claimReporter reports a package's claims with no way back, or hands
// them on to the callers of their functions.
type claimReporter struct {
	pass    *analysis.Pass
	m       *queuemodel.Model
	e       *effects.Effects
	handoff *queuemodel.Handoff[handedOn]
}

// report reports a claim at the clause that carries its defect (0: at
// the statement), unless its function's callers are judged instead.
func (r *claimReporter) report(st *queuemodel.Statement, cl sqlcheck.Clause, msg string) {
	if st.Body == nil && r.handoff.Defer(st, msg) {
		return
	}
	pos, end := st.Pos(), token.NoPos
	if cl != 0 {
		pos, end = st.PosAt(r.pass.Fset, cl)
	}
	r.pass.Report(analysis.Diagnostic{Pos: pos, End: end, Related: st.Related(), Message: msg})
}

// finish exports the pending claims and judges the package's calls of
// functions whose claims are pending.
func (r *claimReporter) finish() { r.handoff.Finish(r.judgeCall) }

// judgeCall reports a call of a pending claim that does not run in a
// transaction: on a pool or connection each statement commits at once, and
// on a value the tool cannot follow it is not seen to be one.
func (r *claimReporter) judgeCall(call *ast.CallExpr, d queuemodel.Deferred) {
	db := queuemodel.DBValue(call, d.DB)
	if db == nil {
		return
	}
	recv := queuemodel.ValueReceiver(r.pass, db)
	if recv == queuemodel.RecvTx {
		return // a crash rolls the claim back
	}
	if r.workedBefore(call, d) {
		return
	}
	on := "on " + types.ExprString(db) + ", not seen to be a transaction held through the work"
	if recv.Autocommit() {
		on = "on " + types.ExprString(db) + ", a " + recv.String() + " where the claim commits at once"
	}
	r.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		Message: fmt.Sprintf("this call runs the claim of %s %s\nthe claim is at %s: %s", d.Func, on, d.At, strings.Replace(d.Message, "\n", ": ", 1)),
		Related: []analysis.RelatedInformation{{Pos: r.m.RelatedPos(d), Message: "the claim, in " + d.Func}},
	})
}

// workedBefore reports whether the function of a call that runs a
// pending claim records a failure of the claim's job before it, on a way
// that never reaches the take, and no outcome of the table after it: the
// work ran before the take (its error path wrote the failure), and the
// take records its success. An admin that marks an uploaded asset ready
// once its variants are made, or failed when making them fails.
func (r *claimReporter) workedBefore(call *ast.CallExpr, d queuemodel.Deferred) bool {
	take := r.e.Call(call)
	if take == nil || len(d.Fails) == 0 {
		return false
	}
	failed := false
	for _, b := range take.Parent().Blocks {
		for _, instr := range b.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if !ok || c == take {
				continue
			}
			name := calleeName(c)
			switch {
			case name == "":
			case slices.Contains(d.Records, name) && !effects.NeverAfter(take, c):
				return false // an outcome written after the take: the take holds the job while it works
			case slices.Contains(d.Fails, name):
				failed = true
			}
		}
	}
	return failed
}

// calleeName names the function or interface method a call calls, as
// queuemodel.FuncName does; "" when it is a function value.
func calleeName(c ssa.CallInstruction) string {
	common := c.Common()
	if common.IsInvoke() {
		return queuemodel.FuncName(common.Method)
	}
	if fn := common.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return queuemodel.FuncName(obj)
		}
	}
	return ""
}
