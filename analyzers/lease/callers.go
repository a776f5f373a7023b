package lease

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

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
