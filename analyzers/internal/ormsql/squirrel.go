package ormsql

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// squirrel (github.com/Masterminds/squirrel): a builder given a runner
// with RunWith(db) sends its statement itself (Exec, Query, QueryRow,
// Scan and their Context forms). The text is the effects layer's
// rendering of the builder (effects.Squirrel), the same it reads from a
// builder's ToSql passed to an ordinary database call.

const squirrelPkg = "github.com/Masterminds/squirrel"

// squirrelRunners are the builder methods that send SQL, by the model's
// method name.
var squirrelRunners = map[string]string{
	"Exec": "Exec", "ExecContext": "Exec",
	"Query": "Query", "QueryContext": "Query",
	"QueryRow": "QueryRow", "QueryRowContext": "QueryRow",
	"Scan": "QueryRow", "ScanContext": "QueryRow",
}

func readSquirrel(r *Request) (Statement, bool) {
	sig := r.Callee.Type().(*types.Signature)
	method, ok := squirrelRunners[r.Callee.Name()]
	if sig.Recv() == nil || !ok || !isBuilder(sig.Recv().Type()) {
		return Statement{}, false
	}
	st := Statement{Method: method}
	instr := r.Effects.Call(r.Call)
	if instr == nil {
		st.Unread = "no SSA for the squirrel call"
		return st, true
	}
	builder := instr.Common().Args[0]
	st.Handle = runnerHandle(builder)
	st.ResultChecked = squirrelResultChecked(r)
	switch r.Callee.Name() {
	case "Scan", "ScanContext":
		st.ScanArgs = r.Call.Args
		if r.Callee.Name() == "ScanContext" && len(st.ScanArgs) > 0 {
			st.ScanArgs = st.ScanArgs[1:]
		}
	case "QueryRow", "QueryRowContext":
		if sel, ok := r.Cursor.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel.Name == "Scan" {
			if call, ok := r.Cursor.Parent().Parent().Node().(*ast.CallExpr); ok {
				st.ScanArgs = call.Args
			}
		}
	}
	vs := r.Effects.Squirrel(builder)
	if !vs.Known() {
		st.Unread = vs.Hole
		if st.Unread == "" {
			st.Unread = "a squirrel builder with no text"
		}
		return st, true
	}
	if len(vs.Set) != 1 {
		st.Unread = "a squirrel builder that may send several texts"
		return st, true
	}
	t := sqltext.Assemble(parts(vs.Set[0]))
	if !t.Known {
		st.Unread = t.Unread
		return st, true
	}
	st.SQL, st.Known = t.SQL, true
	st.Consts = r.Effects.SquirrelConstants(builder)
	return st, true
}

func parts(v effects.Value) []sqltext.Part {
	out := make([]sqltext.Part, len(v.Parts))
	for i, p := range v.Parts {
		out[i] = sqltext.Part{Text: p.Text, Obj: p.Obj, Unknown: p.Unknown, Why: p.Hole, Quoted: p.Quoted, Number: p.Number}
	}
	return out
}

// isBuilder reports whether t is one of squirrel's statement builders.
func isBuilder(t types.Type) bool {
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != squirrelPkg {
		return false
	}
	switch n.Obj().Name() {
	case "SelectBuilder", "UpdateBuilder", "InsertBuilder", "DeleteBuilder":
		return true
	}
	return false
}

// runnerHandle follows a builder back to the RunWith that gave it its
// runner, and says what the runner is: a pool or *sql.DB commits each
// statement, a transaction holds them.
func runnerHandle(v ssa.Value) Handle {
	for range 32 {
		call, ok := v.(*ssa.Call)
		if !ok {
			return HandleUnknown
		}
		fn := call.Common().StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || len(call.Common().Args) == 0 {
			return HandleUnknown
		}
		if obj, ok := fn.Object().(*types.Func); !ok || obj.Pkg() == nil || obj.Pkg().Path() != squirrelPkg {
			return HandleUnknown
		}
		if fn.Name() == "RunWith" && len(call.Common().Args) == 2 {
			runner := call.Common().Args[1]
			if mi, ok := runner.(*ssa.MakeInterface); ok {
				runner = mi.X
			}
			switch effects.KindOf(runner.Type()) {
			case effects.KindPool:
				return HandleAutocommit
			case effects.KindTx:
				return HandleTx
			}
			return HandleUnknown
		}
		v = call.Common().Args[0]
	}
	return HandleUnknown
}

// squirrelResultChecked says whether the code keeps what a runner
// returns: an Exec's result thrown away is unchecked.
func squirrelResultChecked(r *Request) bool {
	switch p := r.Cursor.Parent().Node().(type) {
	case *ast.ExprStmt:
		return false
	case *ast.AssignStmt:
		if id, ok := p.Lhs[0].(*ast.Ident); ok && id.Name == "_" {
			return false
		}
	}
	return true
}
