package effects

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Flows reports whether the value to is computed from the value from: the
// same value, one read out of it (a field, an element, a conversion, a
// range), one a Scan of it writes (rows.Scan(&id), row.Scan(&job.ID)),
// one a library call makes of it (pgx.CollectRows(rows, ...)), what a
// decoder makes of it (json.Unmarshal(payload, &ev)), or one
// built from those (append, a slice or struct they are stored in, a
// channel they are sent on). It follows the package's own functions: a
// value given to one of them flows to its parameter, one it returns to
// its callers' results. Arithmetic ends a flow: a count of rows is not
// one of the rows.
//
// It answers the question "did this key come from those rows": the id an
// UPDATE binds, from the rows of the SELECT that found the job.
func (e *Effects) Flows(from, to ssa.Value) bool {
	if from == nil || to == nil || e.Pkg() == nil {
		return false
	}
	seen := map[ssa.Value]bool{from: true}
	work := []ssa.Value{from}
	add := func(v ssa.Value) {
		if v != nil && !seen[v] && !isErrorType(v.Type()) { // an error carries no row
			seen[v] = true
			work = append(work, v)
		}
	}
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		if v == to {
			return true
		}
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Val == v {
					add(r.Addr)
					add(memoryRoot(r.Addr))
				}
			case *ssa.Send:
				if r.X == v {
					add(memoryRoot(r.Chan))
				}
			case *ssa.MapUpdate:
				if r.Value == v || r.Key == v {
					add(memoryRoot(r.Map))
				}
			case *ssa.Return:
				if r.Parent().Pkg == e.pkg {
					for i, res := range r.Results {
						if res == v {
							for _, c := range e.callersOf(r.Parent()) {
								addResult(c, i, len(r.Results), add)
							}
						}
					}
				}
			case *ssa.MakeClosure:
				fn := r.Fn.(*ssa.Function)
				for i, b := range r.Bindings {
					if b == v && i < len(fn.FreeVars) {
						add(fn.FreeVars[i])
					}
				}
			case ssa.CallInstruction:
				e.callFlows(r, v, add)
			case *ssa.BinOp:
				// id + 1, len(ids) > 0: a computation, not the value.
			case *ssa.UnOp:
				if r.Op == token.MUL || r.Op == token.ARROW {
					add(r)
				}
			case *ssa.Extract, *ssa.Phi, *ssa.Field, *ssa.FieldAddr, *ssa.Index, *ssa.IndexAddr, *ssa.Slice,
				*ssa.Lookup, *ssa.Range, *ssa.Next, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface,
				*ssa.ChangeInterface, *ssa.TypeAssert, *ssa.SliceToArrayPointer:
				add(r.(ssa.Value))
			}
		}
	}
	return false
}

// addResult adds result i of n that a call returns: the call's value, or
// the extraction of result i from its tuple.
func addResult(c ssa.CallInstruction, i, n int, add func(ssa.Value)) {
	v := c.Value()
	if v == nil {
		return
	}
	if n == 1 {
		add(v)
		return
	}
	for _, r := range *v.Referrers() {
		if x, ok := r.(*ssa.Extract); ok && x.Index == i {
			add(x)
		}
	}
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// callFlows follows v into a call that uses it: a Scan on it writes what
// it read into its arguments; a function of the package gets it as a
// parameter, as does a method of the one type an interface holds in the
// package; any other call (a library's, a method of an interface) is
// taken to compute its result from it.
func (e *Effects) callFlows(call ssa.CallInstruction, v ssa.Value, add func(ssa.Value)) {
	common := call.Common()
	if b, ok := common.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "append":
			add(call.Value())
		case "copy":
			if len(common.Args) == 2 && common.Args[1] == v {
				add(memoryRoot(common.Args[0]))
			}
		}
		return
	}
	recv := common.Value == v && common.IsInvoke() ||
		!common.IsInvoke() && common.Signature().Recv() != nil && len(common.Args) > 0 && common.Args[0] == v
	if recv && scanMethod(common) {
		for i, a := range common.Args {
			if i == 0 && !common.IsInvoke() {
				continue
			}
			for _, dest := range scanDests(a) {
				add(memoryRoot(dest))
			}
		}
		return
	}
	if decodes(call) && (recv || !common.IsInvoke() && common.Signature().Recv() == nil && len(common.Args) > 1 && common.Args[0] == v) {
		// json.Unmarshal(payload, &ev), dec.Decode(&ev): what the payload
		// decodes to is the payload's.
		for _, dest := range common.Args[1:] {
			if mi, ok := dest.(*ssa.MakeInterface); ok {
				dest = mi.X
			}
			add(memoryRoot(dest))
		}
		return
	}
	if callee := common.StaticCallee(); callee != nil && callee.Pkg == e.pkg && len(callee.Blocks) > 0 {
		for i, a := range common.Args {
			if a == v && i < len(callee.Params) {
				add(callee.Params[i])
			}
		}
		return
	}
	if callee := e.InvokeCallee(call); callee != nil && callee.Pkg == e.pkg && len(callee.Blocks) > 0 {
		// A method of the one type the interface holds here (see
		// InvokeCallee): its receiver is the callee's first parameter.
		if common.Value == v && len(callee.Params) > 0 {
			add(callee.Params[0])
		}
		for i, a := range common.Args {
			if a == v && i+1 < len(callee.Params) {
				add(callee.Params[i+1])
			}
		}
		return
	}
	if call.Value() != nil {
		add(call.Value())
	}
}

// scanMethod reports whether a call reads a row into its arguments:
// Scan (pgx.Row, pgx.Rows, *sql.Row, *sql.Rows), sqlx's StructScan and
// MapScan.
func scanMethod(c *ssa.CallCommon) bool {
	switch methodNameOf(c) {
	case "Scan", "StructScan", "MapScan", "SliceScan":
		return true
	}
	return false
}

func methodNameOf(c *ssa.CallCommon) string {
	if c.IsInvoke() {
		return c.Method.Name()
	}
	if fn := c.StaticCallee(); fn != nil {
		return fn.Name()
	}
	return ""
}

// scanDests returns the pointers a Scan argument passes: itself, or for
// Scan(&id, &kind), the pointers its variadic slice holds.
func scanDests(arg ssa.Value) []ssa.Value {
	slice, ok := arg.(*ssa.Slice)
	if !ok {
		return []ssa.Value{arg}
	}
	var out []ssa.Value
	for _, v := range arrayElems(slice.X) {
		if mi, ok := v.(*ssa.MakeInterface); ok {
			v = mi.X
		}
		if v != nil {
			out = append(out, v)
		}
	}
	return out
}

// memoryRoot returns the variable an address points into: the local, the
// parameter or the slice whose field or element it is.
func memoryRoot(addr ssa.Value) ssa.Value {
	for range 16 {
		switch a := addr.(type) {
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		case *ssa.Slice:
			addr = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return addr
			}
			addr = a.X
		case *ssa.ChangeType:
			addr = a.X
		default:
			return addr
		}
	}
	return addr
}
