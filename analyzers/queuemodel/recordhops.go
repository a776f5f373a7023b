package queuemodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Record writes reached through hops.
//
// The state a worker moves a job record to is often chosen several calls
// away from the SQL: the worker calls the store's exported method with
// string(jobs.StatusRunning), the store passes status on to sqlc's
// q.UpdateJobStatus(ctx, db.UpdateJobStatusParams{ID: id, Status:
// status}), and a worker's own helper (w.finish(ctx, id, jobs.StatusDone))
// may sit between. Each function whose body does nothing but call one
// record write, giving it its own parameters (or one of them and a
// constant) as the key and the state, is a record write too: the same row
// moved to the same column's state, by the arguments its own callers give
// (ForwardRecordWrites). Its callers are then judged as the callers of the
// record write it forwards to are, in its package or (by its fact) in any
// other package of the module.

// errorPkgs are the packages whose functions a forwarder may call besides
// the record write: they make or log its error.
var errorPkgs = map[string]bool{"fmt": true, "errors": true, "github.com/pkg/errors": true, "log": true, "log/slog": true}

// maxHops bounds the rounds of forwarding within one package (a helper
// that calls a helper that calls the store).
const maxHops = 4

// ForwardRecordWrites adds to the package's record writes its functions
// that only forward to one (see above), given how to read another
// package's RecordWrite fact. It runs before the package's record writes
// are exported as facts, so that a store's wrapper of sqlc's method is
// one for the packages that call it.
func (m *Model) ForwardRecordWrites(pass *analysis.Pass, imported func(*types.Func) *RecordWrite) {
	if m.dependency || m.effects == nil || m.effects.Pkg() == nil {
		return
	}
	b := &builder{pass: pass, model: m, effects: m.effects, importRecord: imported}
	if m.recordWrites == nil {
		m.recordWrites = map[*types.Func]*RecordWrite{}
	}
	sqlIn := map[*ast.FuncDecl]bool{}
	for _, c := range m.Calls {
		if c.Decl != nil {
			sqlIn[c.Decl] = true
		}
	}
	for round := 0; round < maxHops; round++ {
		added := false
		for _, f := range pass.Files {
			if InTestFile(pass, f.Pos()) {
				continue
			}
			for _, d := range f.Decls {
				decl, ok := d.(*ast.FuncDecl)
				if !ok || decl.Body == nil || sqlIn[decl] {
					continue
				}
				fn := b.funcOf(decl)
				if fn == nil || m.recordWrites[fn] != nil {
					continue
				}
				if w := b.forwardedRecordWrite(decl); w != nil {
					m.recordWrites[fn] = w
					added = true
				}
			}
		}
		if !added {
			return
		}
	}
}

// forwardedRecordWrite returns the record write a function is when its
// body calls one record write and nothing but what makes or logs its
// error (no other call of the module, of a value, of any other package:
// a second write, or work), with the key one of its parameters (or a field of
// one) and the state a constant or one of its parameters (or a field).
func (b *builder) forwardedRecordWrite(decl *ast.FuncDecl) *RecordWrite {
	var call *ast.CallExpr
	var inner *RecordWrite
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, isType := b.pass.TypesInfo.Types[n.Fun]; isType && tv.IsType() {
				return true // a conversion: string(status)
			}
			if _, w := b.recordWriteOf(n); w != nil {
				if call != nil {
					ok = false // two writes
				}
				call, inner = n, w
				return true
			}
			switch callee := typeutil.Callee(b.pass.TypesInfo, n).(type) {
			case *types.Builtin:
			case *types.Func:
				// Wrapping or logging the error is all the rest may
				// do: any other call (of the module, of a value, an
				// HTTP request) may be the job's work or another
				// write, which the callers would no longer see.
				ok = ok && (callee.Pkg() == nil && callee.Name() == "Error" || callee.Pkg() != nil && errorPkgs[callee.Pkg().Path()])
			default:
				ok = false
			}
		}
		return true
	})
	if !ok || call == nil {
		return nil
	}
	instr := b.effects.Call(call)
	if instr == nil {
		return nil
	}
	keyAt, keyField, found := forwardedArg(instr, inner.KeyAt, inner.KeyField)
	if !found {
		return nil
	}
	w := &RecordWrite{Table: inner.Table, Column: inner.Column, KeyAt: keyAt, KeyField: keyField, Initial: inner.Initial, Given: inner.Given, Queue: inner.Queue,
		Own: inner.Own, Held: inner.Held, HeldAny: inner.HeldAny}
	if inner.State != "" {
		w.State = inner.State
		return w
	}
	if states := stateAt(instr, inner); len(states) == 1 {
		w.State = states[0]
		return w
	}
	if w.StateAt, w.StateField, found = forwardedArg(instr, inner.StateAt, inner.StateField); !found {
		return nil
	}
	return w
}

// forwardedArg returns which parameter of the calling function (from 0,
// past a receiver), or field of one, a call passes as its argument at
// (or as the field of it, set by the literal or the stores that reach the
// call on every path).
func forwardedArg(instr ssa.CallInstruction, at int, field string) (int, string, bool) {
	v := effects.Unconverted(effects.Arg(instr, at))
	if v == nil {
		return 0, "", false
	}
	if field != "" {
		vs, ok := fieldValuesBefore(v, field, instr)
		if !ok {
			// The caller's own struct passed on whole: its field.
			i, f, ok := callerArg(v)
			return i, field, ok && f == ""
		}
		if len(vs) != 1 {
			return 0, "", false
		}
		v = effects.Unconverted(vs[0])
	}
	return callerArg(v)
}
