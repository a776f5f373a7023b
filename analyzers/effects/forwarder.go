package effects

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// A module's own handle type often wraps a library's to log or time each
// statement: a Client whose Exec, Query and QueryRow each call the same
// method of its pool field with the SQL they are given. Code that runs
// SQL on such a value runs it on that pool, and sqlc's New(client) makes
// Queries on a pool: each statement commits on its own. Which field the
// methods forward to is read from their bodies on SSA, never from names.

// Forwards is the fact that a type's Exec/Query/QueryRow methods (at least
// two of them, or their Context forms) all run the SQL they are given by
// calling the same method of one field of the receiver, whose type is a
// library's pool, connection or transaction: the type is that handle.
type Forwards struct{ Kind Kind }

func (*Forwards) AFact() {}

func (f *Forwards) String() string { return "forwards its statements to a " + f.Kind.String() }

// forwardingMethods are the methods a handle runs SQL with.
var forwardingMethods = map[string]bool{
	"Exec": true, "Query": true, "QueryRow": true,
	"ExecContext": true, "QueryContext": true, "QueryRowContext": true,
}

// HandleKind classifies the type of a value that runs SQL: a library's
// pool, connection or transaction (KindOf), or a type of the module that
// forwards its statements to one (Forwards: this package's, read on SSA,
// or another's, through facts).
func (e *Effects) HandleKind(t types.Type) Kind {
	if k := KindOf(t); k != KindUnknown || e == nil || e.pass == nil {
		return k
	}
	named := namedOf(t)
	if named == nil || named.Obj().Pkg() == nil {
		return KindUnknown
	}
	if named.Obj().Pkg() == e.pass.Pkg {
		return e.forwardsTo(named)
	}
	var f Forwards
	if e.pass.ImportObjectFact(named.Obj(), &f) {
		return f.Kind
	}
	return KindUnknown
}

// exportForwards exports a Forwards fact for each type of the package
// that forwards its statements to a library's handle. SSA is built only
// when a struct type of the package holds such a handle in a field and
// has methods that run SQL.
func (e *Effects) exportForwards(pass *analysis.Pass) {
	for _, name := range pass.Pkg.Scope().Names() {
		tn, ok := pass.Pkg.Scope().Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || !holdsHandle(named) || sqlMethods(named) < 2 {
			continue
		}
		if k := e.forwardsTo(named); k != KindUnknown {
			pass.ExportObjectFact(tn, &Forwards{Kind: k})
		}
	}
}

// holdsHandle reports whether a struct type has a field of a library's
// handle type: the precheck that keeps SSA unbuilt elsewhere.
func holdsHandle(named *types.Named) bool {
	st, ok := named.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if KindOf(st.Field(i).Type()) != KindUnknown {
			return true
		}
	}
	return false
}

// sqlMethods counts the methods of a type (or its pointer) that run SQL
// by name, with a string parameter for the SQL.
func sqlMethods(named *types.Named) int {
	n := 0
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if ok && forwardingMethods[fn.Name()] && SQLParam(fn.Type().(*types.Signature)) >= 0 {
			n++
		}
	}
	return n
}

// forwardsTo returns the kind of handle a type of this package forwards
// its statements to, or KindUnknown: every method that runs SQL (at least
// two) must pass its SQL parameter to one call only, the method of the
// same name on the same field of the receiver, a library's handle.
func (e *Effects) forwardsTo(named *types.Named) Kind {
	if !holdsHandle(named) || e.Pkg() == nil {
		return KindUnknown
	}
	kind, field, seen := KindUnknown, -1, 0
	ms := types.NewMethodSet(types.NewPointer(named))
	for i := 0; i < ms.Len(); i++ {
		m, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !forwardingMethods[m.Name()] {
			continue
		}
		sig := m.Type().(*types.Signature)
		at := SQLParam(sig)
		if at < 0 {
			continue
		}
		fn := e.FuncOf(m)
		if fn == nil || len(fn.Params) <= at+1 {
			return KindUnknown
		}
		k, f := forwardedField(fn, fn.Params[at+1], m.Name())
		if k == KindUnknown || field >= 0 && f != field {
			return KindUnknown
		}
		kind, field, seen = k, f, seen+1
	}
	if seen < 2 {
		return KindUnknown
	}
	return kind
}

// forwardedField reads one method's body: the SQL parameter's only use
// that runs SQL is a call of the method named name on a field of the
// receiver (loaded from it, or read from a value receiver), a library's
// handle; it returns that handle's kind and the field's index. Any other
// use of the SQL (handed to another function, stored) answers unknown.
func forwardedField(fn *ssa.Function, sql *ssa.Parameter, name string) (Kind, int) {
	if len(fn.Params) == 0 || sql.Referrers() == nil {
		return KindUnknown, -1
	}
	recv := fn.Params[0]
	var call *ssa.Call
	for _, r := range *sql.Referrers() {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Call:
			if call != nil {
				return KindUnknown, -1
			}
			call = r
		default:
			return KindUnknown, -1
		}
	}
	if call == nil {
		return KindUnknown, -1
	}
	callee := call.Call.StaticCallee()
	var on ssa.Value
	switch {
	case call.Call.IsInvoke():
		on = call.Call.Value
		if call.Call.Method.Name() != name {
			return KindUnknown, -1
		}
	case callee != nil && callee.Signature.Recv() != nil && len(call.Call.Args) > 0:
		if callee.Name() != name {
			return KindUnknown, -1
		}
		on = call.Call.Args[0]
	default:
		return KindUnknown, -1
	}
	field := -1
	switch v := on.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && fa.X == recv {
			field = fa.Field
		}
	case *ssa.Field:
		if v.X == recv {
			field = v.Field
		}
	}
	if field < 0 {
		return KindUnknown, -1
	}
	return KindOf(on.Type()), field
}

// namedOf returns the named type of t or of what t points to.
func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, _ := t.(*types.Named)
	return named
}

// SQLParam returns the index of a signature's SQL parameter: the one
// named sql or query, else the first string parameter; -1 when none.
func SQLParam(sig *types.Signature) int {
	params := sig.Params()
	first := -1
	for i := 0; i < params.Len(); i++ {
		p := params.At(i)
		if b, ok := p.Type().Underlying().(*types.Basic); !ok || b.Kind() != types.String {
			continue
		}
		if p.Name() == "sql" || p.Name() == "query" {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}
