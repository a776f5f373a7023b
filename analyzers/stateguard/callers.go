package stateguard

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"
	"slices"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/analyzers/rule"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// An UPDATE by key that runs on a transaction its function is given (a tx
// parameter, or the field of a wrapper type holding a *sql.Tx) may be guarded by a row lock its caller takes first, in the
// same transaction: the function's package cannot tell, and stays silent.
// It hands the finding on instead (OnCallersTx), and each package that
// calls the function judges the calls whose transaction it sees begun: a
// SELECT ... FOR UPDATE or an UPDATE of the table run before the call in
// that transaction takes the row's lock; a transaction given, before the
// call, to anything the tool cannot read may take it out of sight
// (silent); otherwise the finding is reported at the call.

// OnCallersTx is the fact that a function runs UPDATEs by key, without a
// state guard, on the transaction its parameter Param carries.
type OnCallersTx struct {
	Updates []TxUpdate
}

// A TxUpdate is one such UPDATE.
type TxUpdate struct {
	Param   int    // the parameter (ssa's index: a method's receiver is 0)
	Table   string // the queue table
	At      string // the UPDATE, as file:line
	Message string // the finding's detail, as the function's package would word it
}

func (*OnCallersTx) AFact() {}

func (f *OnCallersTx) String() string {
	var at []string
	for _, u := range f.Updates {
		at = append(at, u.At)
	}
	return fmt.Sprintf("updates on the caller's transaction at %v", at)
}

// handOn records an UPDATE of st's function for its callers, when it runs
// on a transaction a parameter carries; it reports whether it did.
func (h *handoff) handOn(qt *queuemodel.QueueTable, st *queuemodel.Statement, msg string) bool {
	at := h.e.Call(st.Call.Expr)
	if at == nil || st.Call.Decl == nil || st.Call.Func != ast.Node(st.Call.Decl) {
		return false
	}
	if tx := h.e.TxOf(at); tx != nil && tx.Begin != nil {
		return false
	}
	fn, ok := h.pass.TypesInfo.Defs[st.Call.Decl.Name].(*types.Func)
	if !ok || at.Parent().Object() != fn || !effects.Unconditional(at) {
		return false
	}
	param := effects.HandleOf(at).HeldBy(at.Parent())
	if param < 0 {
		return false
	}
	p := h.pass.Fset.Position(st.Call.Pos())
	if h.updates == nil {
		h.updates = map[*types.Func][]TxUpdate{}
	}
	h.updates[fn] = append(h.updates[fn], TxUpdate{Param: param, Table: qt.Name, At: fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line), Message: msg})
	return true
}

type handoff struct {
	pass    *analysis.Pass
	m       *queuemodel.Model
	e       *effects.Effects
	updates map[*types.Func][]TxUpdate
}

// finish exports the package's UPDATEs on its callers' transactions and
// judges the package's calls of such functions, its own and other
// packages'.
func (h *handoff) finish() {
	for fn, us := range h.updates {
		if fn.Exported() {
			h.pass.ExportObjectFact(fn, &OnCallersTx{Updates: us})
		}
	}
	for _, f := range h.pass.Files {
		if queuemodel.InTestFile(h.pass, f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			fn := queuemodel.Callee(h.pass, call)
			if fn == nil {
				return true
			}
			us := h.updates[fn]
			if fn.Pkg() != h.pass.Pkg {
				var fact OnCallersTx
				if h.pass.ImportObjectFact(fn, &fact) {
					us = fact.Updates
				}
			}
			for _, u := range us {
				h.judge(call, fn, u)
			}
			return true
		})
	}
}

// judge reports a call whose caller begins the transaction it gives the
// UPDATE and takes no row lock of the table in it first.
func (h *handoff) judge(call *ast.CallExpr, fn *types.Func, u TxUpdate) {
	at := h.e.Call(call)
	if at == nil {
		return
	}
	tx := h.e.TxAt(effects.ArgHandle(at, u.Param), at)
	if tx == nil || tx.Begin == nil || tx.Func != at.Parent() || !tx.OpenAt(at) {
		return // a transaction this function is given: its caller's business, out of sight
	}
	locks := map[ssa.CallInstruction]bool{}
	known := map[ssa.CallInstruction]bool{}
	for _, c := range h.m.Calls {
		if ci := h.e.Call(c.Expr); ci != nil && c.Known {
			known[ci] = true
		}
	}
	if qt := h.m.Tables[u.Table]; qt != nil {
		for _, st := range qt.Statements {
			if st.Kind == sqlcheck.KindSelect && st.Lock != nil || st.Kind == sqlcheck.KindUpdate {
				if ci := h.e.Call(st.Call.Expr); ci != nil {
					locks[ci] = true
				}
			}
		}
	}
	for _, b := range at.Parent().Blocks {
		for _, ins := range b.Instrs {
			c, ok := ins.(ssa.CallInstruction)
			if _, deferred := ins.(*ssa.Defer); deferred {
				continue // runs when the function returns, after the call
			}
			if !ok || c == at || c == tx.Begin || !effects.Reaches(c, at, nil) || !givesTx(h.e, c, tx, at) {
				continue
			}
			if locks[c] {
				return // the row's lock is taken before, in the transaction
			}
			if !known[c] && !slices.Contains(tx.Ends, c) && !effects.Wraps(c) {
				return // given to code whose SQL is out of sight: it may lock
			}
		}
	}
	top := at.Parent()
	for top.Parent() != nil {
		top = top.Parent()
	}
	caller, ok := top.Object().(*types.Func)
	if !ok {
		return
	}
	clause := fmt.Sprintf("%s's UPDATE runs in the transaction %s begins, which locks no row of %s before it",
		fn.Name(), queuemodel.FuncName(caller), queuemodel.TableName(u.Table))
	if utf8.RuneCountInString(clause) > rule.MaxClause {
		clause = fmt.Sprintf("%s's UPDATE runs in a transaction begun here that locks no row of %s before it", fn.Name(), queuemodel.TableName(u.Table))
	}
	h.pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		Message: fmt.Sprintf("%s\nthe UPDATE, at %s, %s", clause, u.At, u.Message),
	})
}

// givesTx reports whether a call runs on the transaction or is given it.
func givesTx(e *effects.Effects, c ssa.CallInstruction, tx *effects.Tx, at ssa.Instruction) bool {
	if e.TxAt(effects.HandleOf(c), c) == tx {
		return true
	}
	for i := range c.Common().Args {
		if e.TxAt(effects.ArgHandle(c, i), c) == tx {
			return true
		}
	}
	return false
}
