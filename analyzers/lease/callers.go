package lease

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// Claims whose lease is at their callers (see queuemodel.Deferred): a
// sqlc method that claims with no way back needs none when its caller
// runs it in a transaction held through the work, which a dead worker's
// connection rolls back. Its package hands the finding on (Pending); each
// package that calls the method judges its calls by what it runs them on.

// Pending is the fact that a function holds claims that leave a dead
// worker's job in progress unless its callers run them in a transaction.
type Pending struct {
	Claims []queuemodel.Deferred
}

func (*Pending) AFact() {}

func (p *Pending) String() string {
	var at []string
	for _, c := range p.Claims {
		at = append(at, c.At)
	}
	return "pending claims(" + strings.Join(at, ", ") + ")"
}

// claimReporter reports a package's claims with no way back, or hands
// them on to the callers of their functions.
type claimReporter struct {
	pass    *analysis.Pass
	m       *queuemodel.Model
	pending map[*types.Func][]queuemodel.Deferred
}

func (r *claimReporter) report(st *queuemodel.Statement, msg string) {
	if st.Body == nil {
		if fn, db, ok := r.m.DeferredTo(r.pass, st.Call); ok {
			d := r.m.Defer(r.pass, fn, db, st, msg)
			for _, f := range append([]*types.Func{fn}, queuemodel.InterfaceMethods(r.pass, fn)...) {
				r.pending[f] = append(r.pending[f], d)
			}
			return
		}
	}
	r.pass.Report(analysis.Diagnostic{Pos: st.Pos(), Related: st.Related(), Message: msg})
}

// finish exports the pending claims and judges the package's calls of
// functions whose claims are pending.
func (r *claimReporter) finish() {
	for fn, ds := range r.pending {
		r.pass.ExportObjectFact(fn, &Pending{Claims: ds})
	}
	for cur := range r.m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := queuemodel.Callee(r.pass, call)
		if fn == nil || fn.Pkg() == r.pass.Pkg {
			continue
		}
		var p Pending
		if !r.pass.ImportObjectFact(fn, &p) || queuemodel.InTestFile(r.pass, call.Pos()) {
			continue
		}
		for _, d := range p.Claims {
			r.judgeCall(call, d)
		}
	}
}

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
	on := "on " + types.ExprString(db) + ", which is not seen to be a transaction held through the work"
	if recv.Autocommit() {
		on = "on " + types.ExprString(db) + ", a " + recv.String() + " where the claim commits at once"
	}
	r.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		Message: fmt.Sprintf("this call runs the claim of %s (%s) %s\n%s", d.Func, d.At, on, strings.Replace(d.Message, "\n", ": ", 1)),
		Related: []analysis.RelatedInformation{{Pos: r.m.RelatedPos(d), Message: "the claim, in " + d.Func}},
	})
}
