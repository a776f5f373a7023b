package maxattempts

import (
	"cmp"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A retry with no statement: the claim holds the job's row in a
// transaction across the work (SELECT ... FOR UPDATE SKIP LOCKED; work;
// DELETE or UPDATE; COMMIT), and a failure of the work rolls that
// transaction back. The row is as the poll found it, runnable again, with
// no attempt counted and no error kept: the rollback is the retry, and
// nothing limits it.

// A rollbackRetry is one such transaction: where its rollback is written,
// the claim it gives up, and the work whose error leads there.
type rollbackRetry struct {
	effects.Rollback
	claim *queuemodel.Statement
}

// rollbackRetries returns, one per transaction (its first rollback by
// position), the rollbacks of claims that leave nothing recorded.
func rollbackRetries(pass *analysis.Pass, m *queuemodel.Model, e *judge) []rollbackRetry {
	byTx := map[*effects.Tx]rollbackRetry{}
	for _, qt := range m.QueueTables() {
		for _, st := range qt.Statements {
			if st.Role != queuemodel.RoleClaim || st.Body != nil || strings.HasSuffix(pass.Fset.Position(st.Call.Pos()).Filename, "_test.go") {
				continue
			}
			if !choosesRows(st) {
				// A lock of the row its caller names (WHERE id = $1 FOR
				// UPDATE): no poll takes the job again after a rollback.
				continue
			}
			call := e.Call(st.Call.Expr)
			if call == nil {
				continue // no SSA: the Go around it cannot be judged
			}
			for _, site := range e.BegunTx(call) {
				// A claim step: the transaction marks the row and commits
				// before any work runs; what fails before that (a scan, a
				// decode of the payload) is the claim's own failure. A
				// batch the work loops over while the transaction is open
				// is no claim step, though the path that finds the batch
				// empty commits with no work: a relay publishing each row
				// it holds locked. A loop that only scans and decodes the
				// rows before the commit is still the claim's own.
				c, ok := site.At.(ssa.CallInstruction)
				commitsFirst := ok && effects.CommitsBeforeWork(c)
				for _, rb := range e.WorkRollbacks(site.Tx, site.At) {
					if !fedBy(e.Effects, call, rb.Work) || commitsFirst && !(inLoop(rb.Work) && effects.WorkBeforeCommit(rb.Work)) {
						continue
					}
					if old, ok := byTx[site.Tx]; !ok || rb.Pos() < old.Pos() {
						byTx[site.Tx] = rollbackRetry{Rollback: rb, claim: st}
					}
				}
			}
		}
	}
	out := make([]rollbackRetry, 0, len(byTx))
	for _, r := range byTx {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b rollbackRetry) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// inLoop reports whether an instruction's block lies on a cycle of its
// function: a loop's body, run once for each row of a batch.
func inLoop(instr ssa.Instruction) bool {
	b := instr.Block()
	if b == nil {
		return false
	}
	return effects.WalkBlocks(b.Succs, func(x *ssa.BasicBlock) ([]*ssa.BasicBlock, bool) {
		return x.Succs, x == b
	})
}

// choosesRows reports whether a claim's polls pick their rows themselves,
// none of them naming its row by key (id = $1, as a state change of the
// row its caller names does, or GORM's First(&e, id) writes it).
func choosesRows(st *queuemodel.Statement) bool {
	if len(st.Polls) == 0 {
		return false
	}
	for _, poll := range st.Polls {
		for _, p := range poll.Where {
			if p.Op == sqlcheck.OpEq && len(p.Values) == 1 && p.Values[0].Kind == sqlcheck.ValueParam && p.Column == "id" {
				return false
			}
		}
	}
	return true
}

// fedBy reports whether the work is given what the claim read (its result,
// or the destination it fills: sqlx's Get(&job, ...)): an argument, or the
// receiver, computed from the claim's rows. A call given
// nothing of the job (a flush of a broker pipeline, a ping) fails for the
// infrastructure, not for one job, and taking the batch again until it
// recovers is what a relay should do.
func fedBy(e *effects.Effects, claim, work ssa.CallInstruction) bool {
	if claim.Value() == nil {
		return false
	}
	c := work.Common()
	args := c.Args
	if c.IsInvoke() {
		args = append([]ssa.Value{c.Value}, args...)
	}
	for _, rows := range effects.RowsOf(claim) {
		if slices.ContainsFunc(args, func(a ssa.Value) bool { return e.Flows(rows, a) }) {
			return true
		}
	}
	return false
}

// reportRollbacks reports the rollbacks that are retries with no limit.
func reportRollbacks(pass *analysis.Pass, rs []rollbackRetry) {
	if len(rs) == 0 {
		return
	}
	// SSA places a call at its opening parenthesis; a reader looks for
	// where the call starts.
	starts := map[token.Pos]token.Pos{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				starts[c.Lparen] = c.Pos()
			}
			return true
		})
	}
	start := func(p token.Pos) token.Pos {
		if s, ok := starts[p]; ok {
			return s
		}
		return p
	}
	for _, r := range rs {
		pass.Report(analysis.Diagnostic{
			Pos: start(r.Pos()),
			Related: []analysis.RelatedInformation{
				{Pos: r.claim.Pos(), Message: "the claim whose row lock the rollback gives up"},
				{Pos: start(r.Work.Pos()), Message: "the work whose error rolls it back"},
			},
			Message: "this rollback of the claim's transaction puts the job back with no attempt recorded and no limit\n" +
				"the work's error undoes the claim and records nothing, so a job that always fails is taken again on every poll, for ever " +
				"(and, when the poll takes the oldest first, holds up every job behind it); record the failure in the transaction before it ends " +
				"(UPDATE ... SET attempts = attempts + 1, last_error = $2, status = CASE WHEN attempts + 1 >= $3 THEN 'failed' ELSE status END ... then COMMIT), " +
				"or count the attempt in a statement committed before the work and stop taking the job at the limit",
		})
	}
}
