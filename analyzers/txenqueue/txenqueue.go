package txenqueue

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
)

//go:embed rule.txtar
var record []byte

// Rule is the txenqueue rule: its documentation record and its analyzer.
var Rule = rule.New(record, &analysis.Analyzer{
	Requires:  []*analysis.Analyzer{queuemodel.Analyzer, effects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{(*Writes)(nil), (*EnqueuesOnPool)(nil)},
})

// Analyzer reports the txenqueue rule's findings.
var Analyzer = Rule.Analyzer

func run(pass *analysis.Pass) (any, error) {
	m := pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	e := pass.ResultOf[effects.Analyzer].(*effects.Effects)
	exportWrites(pass, m, e)
	exportEnqueuesOnPool(pass, m)
	for _, tx := range transactions(pass, m, e) {
		table := entityWrite(pass, m, e, tx)
		if table == "" {
			continue // the transaction writes no entity the job could be about
		}
		for _, enq := range enqueuesElsewhere(pass, m, e, tx) {
			report(pass, tx, enq, table)
		}
	}
	return nil, nil
}

// entityWrite returns the first table other than a queue table that the
// transaction's statements insert into, update or delete from, written on
// it or through a function given it (see Writes); "" when there is none.
func entityWrite(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects, tx *transaction) string {
	var tables []string
	for _, c := range m.Calls {
		if c.Receiver != queuemodel.RecvTx && !carried(e, c) || !tx.open(e, c.Expr) || !tx.runs(e, c) {
			continue
		}
		for _, st := range c.Stmts {
			if isWrite(st.Stmt) {
				tables = append(tables, st.Table)
			}
		}
	}
	ast.Inspect(tx.body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && tx.open(e, call) {
			tables = append(tables, writesThrough(pass, e, tx, call)...)
		}
		return true
	})
	for _, t := range tables {
		if m.Tables[t] == nil {
			return t
		}
	}
	return ""
}

// An enqueue is a job inserted outside the transaction.
type enqueue struct {
	pos token.Pos
	how string // "an INSERT into jobs on the pool", "River's Insert"...
	fix string // what to call instead
}

// enqueuesElsewhere returns the enqueues of the transaction's open span
// that run on a pool: an INSERT into a queue table, or a queue client's
// enqueue that takes no transaction.
func enqueuesElsewhere(pass *analysis.Pass, m *queuemodel.Model, e *effects.Effects, tx *transaction) []enqueue {
	var out []enqueue
	for _, c := range m.Calls {
		if c.Receiver != queuemodel.RecvPool || !tx.open(e, c.Expr) {
			continue
		}
		for _, st := range c.Stmts {
			if st.Role == queuemodel.RoleEnqueue {
				out = append(out, enqueue{
					pos: c.Pos(),
					how: "an INSERT into " + queuemodel.TableName(st.Table) + " on the pool",
					fix: "run the INSERT on " + tx.name,
				})
				break
			}
		}
	}
	ast.Inspect(tx.body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || !tx.open(e, call) {
			return true
		}
		if cl := clientEnqueue(pass, call); cl != nil {
			out = append(out, enqueue{pos: call.Pos(), how: cl.how, fix: cl.fix})
		}
		if fn, t := enqueueOnPool(pass, call); fn != nil {
			out = append(out, enqueue{
				pos: call.Pos(),
				how: "an INSERT into " + queuemodel.TableName(t) + " on the pool of " + queuemodel.FuncName(fn),
				fix: "give it " + tx.name + " to run the INSERT on",
			})
		}
		if t := enqueueThrough(pass, m, e, call); t != "" {
			out = append(out, enqueue{
				pos: call.Pos(),
				how: "an INSERT into " + queuemodel.TableName(t) + " on the pool",
				fix: "call it on queries made from " + tx.name,
			})
		}
		return true
	})
	return out
}

func report(pass *analysis.Pass, tx *transaction, e enqueue, table string) {
	pass.Report(analysis.Diagnostic{
		Pos: e.pos,
		Message: fmt.Sprintf("this job is enqueued outside transaction %s, which writes %s and is still open\n"+
			"it is enqueued by %s: a worker can run the job before %s commits and not see the row, and the job stays queued if %s rolls back; "+
			"%s, or enqueue after %s",
			tx.name, queuemodel.TableName(table), e.how, tx.name, tx.name, e.fix, tx.committed),
		Related: []analysis.RelatedInformation{{Pos: tx.begin, Message: "the transaction begins here"}},
	})
}
