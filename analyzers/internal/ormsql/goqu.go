package ormsql

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// goqu (github.com/doug-martin/goqu/v9): a dataset started from a
// goqu.Database or TxDatabase sends its statement itself, through its
// Scan methods or its Executor(). The text is the effects layer's
// rendering of the dataset (effects.Goqu), the same it reads from a
// dataset's ToSQL passed to an ordinary database call.

const goquPkg = "github.com/doug-martin/goqu/v9"

// goquRunners are the methods that send a dataset's SQL, by the model's
// method name: a dataset's own Scan methods, and those of the executor
// its Executor() returns.
var goquRunners = map[string]string{
	"Exec": "Exec", "ExecContext": "Exec",
	"ScanStructs": "Query", "ScanStructsContext": "Query",
	"ScanVals": "Query", "ScanValsContext": "Query",
	"ScanStruct": "QueryRow", "ScanStructContext": "QueryRow",
	"ScanVal": "QueryRow", "ScanValContext": "QueryRow",
}

func readGoqu(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	method, ok := goquRunners[r.Callee.Name()]
	if sig.Recv() == nil || !ok || !effects.IsGoquDataset(sig.Recv().Type()) && !isGoquExecutor(sig.Recv().Type()) {
		return Statement{}, false // a Database's Exec of raw SQL is not read here
	}
	st := Statement{Method: method}
	instr := r.Effects.Call(r.Call)
	if instr == nil || len(instr.Common().Args) == 0 {
		st.Unread = "no SSA for the goqu call"
		return st, true
	}
	dataset := instr.Common().Args[0]
	if !effects.IsGoquDataset(sig.Recv().Type()) {
		// The executor a dataset's Executor() returns.
		exec, ok := dataset.(*ssa.Call)
		fn := (*ssa.Function)(nil)
		if ok {
			fn = exec.Common().StaticCallee()
		}
		if fn == nil || fn.Name() != "Executor" || fn.Signature.Recv() == nil || !effects.IsGoquDataset(fn.Signature.Recv().Type()) {
			st.Unread = "a goqu executor the tool cannot follow to its dataset"
			return st, true
		}
		dataset = exec.Common().Args[0]
	}
	st.Handle = goquHandle(dataset)
	st.ResultChecked = squirrelResultChecked(r)
	args := r.Call.Args
	if len(args) > 0 && method != "Exec" {
		st.ScanArgs = args[len(args)-1:]
	}
	var vs effects.Values
	switch r.Callee.Name() {
	case "ScanStructs", "ScanStructsContext", "ScanStruct", "ScanStructContext":
		vs = r.Effects.GoquScan(dataset)
	default:
		vs = r.Effects.Goqu(dataset)
	}
	if !vs.Known() {
		st.Unread = vs.Hole
		if st.Unread == "" {
			st.Unread = "a goqu dataset with no text"
		}
		return st, true
	}
	if len(vs.Set) != 1 {
		st.Unread = "a goqu dataset that may send several texts"
		return st, true
	}
	return assembled(st, vs.Set[0], r.Effects.GoquConstants(dataset))
}

// assembled completes a statement with its text.
func assembled(st Statement, v effects.Value, consts map[int]string) (Statement, bool) {
	t := sqltext.Assemble(parts(v))
	if !t.Known {
		st.Unread = t.Unread
		return st, true
	}
	st.SQL, st.Known, st.Consts = t.SQL, true, consts
	return st, true
}

// goquHandle follows a dataset back to the database that started it: a
// goqu.Database runs each statement on its own (it wraps a *sql.DB), a
// TxDatabase in its transaction.
func goquHandle(v ssa.Value) Handle {
	for range 32 {
		call, ok := v.(*ssa.Call)
		if !ok {
			return HandleUnknown
		}
		fn := call.Common().StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || len(call.Common().Args) == 0 {
			return HandleUnknown
		}
		recv := fn.Signature.Recv().Type()
		if p, ok := recv.(*types.Pointer); ok {
			recv = p.Elem()
		}
		n, ok := types.Unalias(recv).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != goquPkg {
			return HandleUnknown
		}
		switch n.Obj().Name() {
		case "Database":
			return HandleAutocommit
		case "TxDatabase":
			return HandleTx
		}
		v = call.Common().Args[0]
	}
	return HandleUnknown
}

// isGoquExecutor reports whether t is goqu's exec.QueryExecutor.
func isGoquExecutor(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == goquPkg+"/exec" && n.Obj().Name() == "QueryExecutor"
}
