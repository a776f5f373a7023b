package effects

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/internal/sqltext"
)

// A Part is one piece of a string value: literal text, the value of a Go
// object that may name a relation, or a number formatted into the text.
type Part struct {
	Text string
	// Obj is the struct field or package variable the part was read from,
	// when the part is all of that object's value, or the parameter of a
	// constructor that builds its queries from it (param.go): a table
	// named by it keeps the object's identity (a placeholder) whatever
	// its value.
	Obj types.Object
	// Unknown says the value of Obj is not known (Hole says why): only a
	// placeholder can stand for it.
	Unknown bool
	Hole    string
	// Quoted says the part is quoted as an identifier (pgx.Identifier's
	// Sanitize, pq.QuoteIdentifier).
	Quoted bool
	// Number says the part is an integer formatted into the text (%d,
	// strconv.Itoa): its value is a bind parameter, not text.
	Number bool
	// escaped marks a name whose double quotes were doubled, not yet
	// wrapped in quotes (replace.go).
	escaped bool
	// param, from 1, says the part is the value of that parameter of the
	// function being summarized (summary.go).
	param int
}

// A Value is one possible value of a string: its parts in order.
type Value struct {
	Parts []Part
	// At are the positions of the calls through whose arguments the value
	// reached the function that uses it (the opening parenthesis of each
	// call of a helper that passes it on); nil when it is made there.
	At []token.Pos
	// Unset says the value was built with the zero value of a string
	// variable that some path left unassigned (var q string, then a switch
	// that sets q in its cases only): a text the code may never send, since
	// which paths run is out of sight.
	Unset bool
}

// Text returns the value as plain text, and whether every part is text
// (a number or an unknown object's value has none).
func (v Value) Text() (string, bool) {
	var b strings.Builder
	for _, p := range v.Parts {
		if p.Unknown || p.Number || p.escaped || p.param != 0 {
			return "", false
		}
		if p.Quoted {
			b.WriteString(quoteIdent(p.Text))
		} else {
			b.WriteString(p.Text)
		}
	}
	return b.String(), true
}

// Values is what a string may hold: each possible value, and why any other
// value it may hold is unknown.
type Values struct {
	Set []Value
	// Hole names what the resolver could not follow ("struct field
	// Queue.query set out of sight", "loop", "parameter of exported
	// Claim"); empty when Set is every value.
	Hole string
}

// Known reports whether Set holds every value.
func (vs Values) Known() bool { return vs.Hole == "" && len(vs.Set) > 0 }

// Limits of the resolver: beyond them a value is a hole.
const (
	maxValues = 16 // values of one expression
	maxSteps  = 32 // nested steps from the use to a constant
	// maxWork bounds the steps one question may take in all: values
	// built from fields built from calls whose branches read fields
	// (sqlboiler's generated code) branch at every step, and 32 nested
	// steps of that never end.
	maxWork = 20000
)

// zeroEdge reports whether a phi's edge is the zero value of the string
// variable the phi merges: the variable is declared with no value (var q
// string) and the code never writes "" to it, so an empty edge is the path
// on which nothing set it. SSA gives the zero value and the literal "" the
// same constant; the syntax tells them apart.
func zeroEdge(phi *ssa.Phi, edge ssa.Value) bool {
	c, ok := edge.(*ssa.Const)
	if !ok || !isStringType(c.Type()) || c.Value != nil && constant.StringVal(c.Value) != "" || phi.Comment == "" {
		return false
	}
	syntax := phi.Parent().Syntax()
	if syntax == nil {
		return false
	}
	name := phi.Comment
	declared, written := false, false
	empty := func(e ast.Expr) bool {
		lit, ok := ast.Unparen(e).(*ast.BasicLit)
		return ok && lit.Kind == token.STRING && (lit.Value == `""` || lit.Value == "``")
	}
	ast.Inspect(syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.ValueSpec:
			for i, id := range n.Names {
				if id.Name != name {
					continue
				}
				if len(n.Values) == 0 {
					declared = true
				} else if i < len(n.Values) && empty(n.Values[i]) || len(n.Values) != len(n.Names) {
					written = true
				}
			}
		case *ast.AssignStmt:
			for i, l := range n.Lhs {
				if id, ok := l.(*ast.Ident); ok && id.Name == name && (len(n.Rhs) != len(n.Lhs) || empty(n.Rhs[i])) {
					written = true
				}
			}
		}
		return true
	})
	return declared && !written
}

func hole(why string) Values { return Values{Hole: why} }

func text(s string) Values { return Values{Set: []Value{{Parts: []Part{{Text: s}}}}} }

// union joins the values two sources may give.
func union(a, b Values) Values {
	out := Values{Hole: joinHoles(a.Hole, b.Hole)}
	out.Set = append(slices.Clip(a.Set), b.Set...)
	return out.dedup()
}

// concat is every value of a followed by every value of b.
func concat(a, b Values) Values {
	out := Values{Hole: joinHoles(a.Hole, b.Hole)}
	if len(a.Set)*len(b.Set) > maxValues {
		return hole(joinHoles(out.Hole, "too many values"))
	}
	for _, x := range a.Set {
		for _, y := range b.Set {
			parts := append(slices.Clip(x.Parts), y.Parts...)
			out.Set = append(out.Set, Value{Parts: mergeText(parts), At: append(slices.Clip(x.At), y.At...), Unset: x.Unset || y.Unset})
		}
	}
	return out.dedup()
}

// mergeText joins adjacent plain text parts.
func mergeText(ps []Part) []Part {
	var out []Part
	for _, p := range ps {
		if plain(p) && p.Text == "" && len(ps) > 1 {
			continue
		}
		if n := len(out); n > 0 && plain(p) && plain(out[n-1]) {
			out[n-1].Text += p.Text
			continue
		}
		out = append(out, p)
	}
	return quoteEscaped(out)
}

func plain(p Part) bool {
	return p.Obj == nil && !p.Unknown && !p.Quoted && !p.Number && !p.escaped && p.param == 0
}

func joinHoles(a, b string) string {
	switch {
	case a == "" || a == b:
		return b
	case b == "":
		return a
	}
	seen := strings.Split(a, "; ")
	for _, h := range strings.Split(b, "; ") {
		if !slices.Contains(seen, h) {
			seen = append(seen, h)
		}
	}
	return strings.Join(seen, "; ")
}

// dedup drops repeated values (the same parts), keeping the first and
// gathering the positions it was bound at.
func (vs Values) dedup() Values {
	var out []Value
	for _, v := range vs.Set {
		i := slices.IndexFunc(out, func(o Value) bool { return slices.Equal(o.Parts, v.Parts) })
		if i < 0 {
			out = append(out, v)
			continue
		}
		out[i].Unset = out[i].Unset && v.Unset
		for _, at := range v.At {
			if !slices.Contains(out[i].At, at) {
				out[i].At = append(out[i].At, at)
			}
		}
	}
	vs.Set = out
	if len(vs.Set) > maxValues {
		return hole(joinHoles(vs.Hole, "too many values"))
	}
	return vs
}

// Strings returns what a string-typed SSA value of this package may hold,
// followed through constants, concatenation, phi nodes, conversions, the
// parameters of functions called from this package, struct fields and
// package variables (every store to them in the package), closures' free
// variables, the package's own helpers' results, and the library calls
// that build SQL (fmt.Sprintf, strings.Join, strings.ReplaceAll,
// pgx.Identifier.Sanitize, pq.QuoteIdentifier, sqlx.Rebind and sqlx.In).
func (e *Effects) Strings(v ssa.Value) Values {
	if e == nil || e.Pkg() == nil || v == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	return unescaped(r.value(v, nil, 0))
}

// Ints returns the integer constants v may hold, followed as Strings
// follows text (parameters at this package's call sites, fields, package
// variables, phi nodes): each as its decimal text, with Obj the constant
// of v's named type that has that value, when exactly one does
// (status.Processing for a Status 2). Anything but an integer constant is
// a hole.
func (e *Effects) Ints(v ssa.Value) Values {
	if e == nil || e.Pkg() == nil || v == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}, ints: true}
	return r.value(v, nil, 0)
}

// Bools returns the boolean constants v may hold, followed as Ints
// follows integers: each as "true" or "false", the text PostgreSQL's
// boolean literals have in the SQL model. Anything but a boolean constant
// is a hole.
func (e *Effects) Bools(v ssa.Value) Values {
	if e == nil || e.Pkg() == nil || v == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}, bools: true}
	return r.value(v, nil, 0)
}

func boolConst(c *ssa.Const) Values {
	if c.Value == nil || c.Value.Kind() != constant.Bool {
		return hole("not a boolean constant")
	}
	return text(strconv.FormatBool(constant.BoolVal(c.Value)))
}

// intConst returns an integer constant as a value, named by the one
// constant of its named type that has it.
func intConst(c *ssa.Const) Values {
	if c.Value == nil || c.Value.Kind() != constant.Int {
		return hole("not an integer constant")
	}
	p := Part{Text: c.Value.ExactString()}
	if n, ok := types.Unalias(c.Type()).(*types.Named); ok && n.Obj().Pkg() != nil {
		scope := n.Obj().Pkg().Scope()
		for _, name := range scope.Names() {
			k, ok := scope.Lookup(name).(*types.Const)
			if !ok || !types.Identical(k.Type(), n) || !constant.Compare(k.Val(), token.EQL, c.Value) {
				continue
			}
			if p.Obj != nil {
				p.Obj = nil // two names for one value: neither is the state's
				break
			}
			p.Obj = k
		}
	}
	return Values{Set: []Value{{Parts: []Part{p}}}}
}

// Arg returns the SSA value of a call's i-th argument as the source writes
// it: past the receiver of a static method call, and inside the slice a
// variadic call packs its last arguments into. Nil when it is not found.
func Arg(call ssa.CallInstruction, i int) ssa.Value {
	if call == nil || i < 0 {
		return nil
	}
	common := call.Common()
	args := common.Args
	if !common.IsInvoke() && common.Signature().Recv() != nil {
		args = args[1:]
	}
	sig := common.Signature()
	n := sig.Params().Len()
	if !sig.Variadic() || i < n-1 || len(args) != n {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	// A variadic call: the source's arguments from n-1 on are stored into
	// an array sliced as the last argument, unless the call passes s...
	// (then its elements are not the source's arguments).
	slice, ok := args[n-1].(*ssa.Slice)
	if !ok {
		return nil
	}
	elems := arrayElems(slice.X)
	j := i - (n - 1)
	if j >= len(elems) {
		return nil
	}
	return elems[j]
}

// arrayElems returns the values a function stores into each element of a
// local array (a slice literal, or the array a variadic call packs its
// arguments into), by constant index; nil when it cannot tell them all.
func arrayElems(v ssa.Value) []ssa.Value {
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil
	}
	out := make([]ssa.Value, arr.Len())
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok {
			return nil
		}
		k, ok := constant.Int64Val(idx.Value)
		if !ok || k < 0 || k >= arr.Len() {
			return nil
		}
		for _, r := range *ia.Referrers() {
			if st, ok := r.(*ssa.Store); ok && st.Addr == ia {
				if out[k] != nil {
					return nil // stored twice: not a literal
				}
				out[k] = st.Val
			}
		}
	}
	for _, x := range out {
		if x == nil {
			return nil
		}
	}
	return out
}

// ArgValues returns the SSA values a call may pass as its i-th argument
// (counted as Arg counts): Arg's value, or, for a variadic call that
// passes a slice (Query(ctx, q, args...)), the i-th element of every slice
// literal that reaches it, through the branches that assign it (args =
// []any{a, b} on one path, []any{a, c} on another). Nil when one of them
// is out of sight. keep, when not nil, says which edges of a phi on the
// way to count (the branch whose SQL text the caller asks about).
func ArgValues(call ssa.CallInstruction, i int, keep func(phi *ssa.Phi, edge int) bool) []ssa.Value {
	if v := Arg(call, i); v != nil {
		return []ssa.Value{v}
	}
	if call == nil || i < 0 {
		return nil
	}
	common := call.Common()
	args := common.Args
	if !common.IsInvoke() && common.Signature().Recv() != nil {
		args = args[1:]
	}
	sig := common.Signature()
	n := sig.Params().Len()
	if !sig.Variadic() || i < n-1 || len(args) != n {
		return nil
	}
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Phi:
			for k, e := range v.Edges {
				if keep != nil && !keep(v, k) {
					continue
				}
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.Slice:
			elems := arrayElems(v.X)
			if j := i - (n - 1); j < len(elems) {
				out = append(out, elems[j])
				return true
			}
		}
		return false
	}
	if !walk(args[n-1]) {
		return nil
	}
	return out
}

// A resolver follows one value; onStack holds what it is inside of, so a
// cycle (a loop, recursion) is a hole rather than a hang.
type resolver struct {
	e       *Effects
	onStack map[any]bool
	// ints follows integer constants instead of strings (Ints); bools
	// follows boolean ones (Bools).
	ints, bools bool
	// escapes and invoked are built on first use: functions used as values,
	// and method names called through interfaces.
	escapes map[*ssa.Function]bool
	invoked map[string]bool
	// edges holds, per binding of a helper's parameters, the edges its
	// arguments let run (prune.go).
	edges map[*binding]map[edge]bool
	// givers, when set, collects the stores into a struct's field that
	// give a field read its values (builtfield.go).
	givers map[ssa.Instruction]Values
	// work counts the steps taken (maxWork).
	work int
}

// A binding gives the parameters of a function being followed from one
// call site the values of that call's arguments.
type binding struct {
	fn    *ssa.Function
	call  ssa.CallInstruction
	outer *binding // where the call's arguments are resolved
}

func (r *resolver) value(v ssa.Value, b *binding, depth int) Values {
	if depth > maxSteps {
		return hole("built through too many steps")
	}
	if r.work++; r.work > maxWork {
		return hole("too much to follow")
	}
	key := stackKey{v, b}
	if r.onStack[key] {
		return hole("loop")
	}
	r.onStack[key] = true
	defer delete(r.onStack, key)
	depth++
	switch v := v.(type) {
	case *ssa.Const:
		if r.ints {
			return intConst(v)
		}
		if r.bools {
			return boolConst(v)
		}
		if v.Value == nil || v.Value.Kind() != constant.String {
			if v.Value == nil && isStringType(v.Type()) {
				return text("")
			}
			return hole("not a string")
		}
		return text(constant.StringVal(v.Value))
	case *ssa.BinOp:
		if v.Op != token.ADD || !isStringType(v.Type()) {
			return hole("not a string")
		}
		return concat(r.value(v.X, b, depth), r.value(v.Y, b, depth))
	case *ssa.Phi:
		var out Values
		for i, edge := range v.Edges {
			if edge == v || !r.phiEdge(v, i, b, depth) {
				continue
			}
			if len(v.Edges) > 1 && zeroEdge(v, edge) {
				out = union(out, Values{Set: []Value{{Parts: []Part{{Text: ""}}, Unset: true}}})
				continue
			}
			out = union(out, r.value(edge, b, depth))
		}
		return out
	case *ssa.ChangeType:
		return r.value(v.X, b, depth)
	case *ssa.Convert:
		if r.ints && isIntegerType(v.X.Type()) && isIntegerType(v.Type()) {
			return r.value(v.X, b, depth) // int16(s) of a state
		}
		if isStringType(v.X.Type()) {
			return r.value(v.X, b, depth)
		}
		return hole("a conversion to string")
	case *ssa.MakeInterface:
		return r.value(v.X, b, depth)
	case *ssa.Parameter:
		return r.parameter(v, b, depth)
	case *ssa.FreeVar:
		return r.freeVar(v, b, depth)
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return hole("not a string")
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			if vs, ok := r.localField(fa, v, b, depth); ok {
				return vs
			}
			if vs, ok := r.builtField(fa.X, fa.Field, v, b, depth); ok && allText(vs) {
				return vs
			}
		}
		return r.load(v.X, b, depth)
	case *ssa.Field:
		if vs, ok := r.valueField(v.X, v.Field, v, b, depth); ok && allText(vs) {
			return vs
		}
		return r.field(fieldOf(v.X.Type(), v.Field), depth)
	case *ssa.Call:
		return r.call(v, b, depth)
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			if callee := call.Common().StaticCallee(); callee != nil && v.Index == 0 && isFunc(callee, "github.com/jmoiron/sqlx", "In") {
				return r.value(Arg(call, 0), b, depth)
			}
			if v.Index == 0 && IsSquirrelToSQL(call.Common()) {
				return r.squirrel(call.Common().Args[0], b, depth)
			}
			if v.Index == 0 && IsGoquToSQL(call.Common()) {
				return r.goqu(call.Common().Args[0], b, depth)
			}
			if callee := r.ownFunc(call); callee != nil {
				errs := onErrorKeep
				if k := errResult(callee); k >= 0 && v.Index != k {
					errs = onErrorHole
					if usedWhereNil(v, errExtract(call, k)) {
						errs = onErrorDrop
					}
				}
				return r.results(callee, call, v.Index, errs, b, depth)
			}
		}
		return hole("a result of a call with several results")
	case *ssa.Lookup:
		return r.lookup(v, b, depth)
	case *ssa.Slice:
		if vs, ok := r.truncated(v, b, depth); ok {
			return vs
		}
		return hole("a slice of a string or an element of a slice")
	case *ssa.Index:
		return hole("an element of a slice or array")
	case nil:
		return hole("no value")
	}
	return hole(fmt.Sprintf("a %s value", strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", v), "*ssa."))))
}

type stackKey struct {
	v ssa.Value
	b *binding
}

// load resolves a value read through a pointer: a field, a package
// variable, or a local variable that a closure shares.
func (r *resolver) load(addr ssa.Value, b *binding, depth int) Values {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		return r.field(fieldOf(a.X.Type(), a.Field), depth)
	case *ssa.Global:
		return r.global(a, depth)
	case *ssa.Alloc:
		return r.stores(a, b, depth)
	case *ssa.FreeVar:
		bound := r.bindingOf(a)
		if bound == nil {
			return hole("a variable a closure shares")
		}
		return r.load(bound, nil, depth)
	case *ssa.IndexAddr:
		return hole("an element of a slice or array")
	}
	return hole("a value read through a pointer")
}

// stores resolves a local variable that a closure shares, or whose
// address is taken: every value stored into it, here or through the
// closures' free variables. One whose address is passed on (Scan(&v)) may
// be written anywhere.
func (r *resolver) stores(alloc *ssa.Alloc, b *binding, depth int) Values {
	var out Values
	found := false
	for _, ref := range *alloc.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != alloc {
				return hole("a variable whose address is passed on")
			}
			found = true
			out = union(out, r.value(ref.Val, b, depth))
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return hole("a variable whose address is passed on")
			}
		case *ssa.MakeClosure:
			for i, bound := range ref.Bindings {
				if bound == alloc {
					fn := ref.Fn.(*ssa.Function)
					vs, ok := r.storesThrough(fn.FreeVars[i], depth)
					if !ok {
						return hole("a variable whose address is passed on")
					}
					found = found || len(vs.Set) > 0 || vs.Hole != ""
					out = union(out, vs)
				}
			}
		case *ssa.DebugRef:
		default:
			return hole("a variable whose address is passed on")
		}
	}
	if !found {
		return text("")
	}
	return out
}

// storesThrough returns the values a closure stores through a free
// variable; false when it passes the variable's address on.
func (r *resolver) storesThrough(fv *ssa.FreeVar, depth int) (Values, bool) {
	var out Values
	for _, ref := range *fv.Referrers() {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != fv {
				return out, false
			}
			out = union(out, r.value(ref.Val, nil, depth))
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return out, false
			}
		case *ssa.DebugRef:
		default:
			return out, false
		}
	}
	return out, true
}

// addressEscapes reports whether an address is used otherwise than to
// load from it or store into it (passed to a call, stored elsewhere,
// converted): then code out of sight may write through it.
func addressEscapes(addr ssa.Value, refs []ssa.Instruction) bool {
	for _, ref := range refs {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != addr {
				return true
			}
		case *ssa.UnOp:
			if ref.Op != token.MUL {
				return true
			}
		case *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// fieldOf returns the field of the struct a value or pointer has.
func fieldOf(t types.Type, i int) *types.Var {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// field resolves a struct field: every value the package stores into it
// (constructors, composite literals, assignments: SSA makes each a store
// through the field's address). A field of another package, or an
// exported field of an exported type, may be set out of sight.
func (r *resolver) field(f *types.Var, depth int) Values {
	if f == nil {
		return hole("a struct field")
	}
	name := fieldName(f)
	if f.Pkg() != r.e.Pkg().Pkg {
		return objHole(f, "struct field "+name+" of another package")
	}
	if f.Exported() && exportedOwner(f) {
		return objHole(f, "struct field "+name+" set out of sight")
	}
	var out Values
	found := false
	for _, fa := range r.e.fieldAddrs(f) {
		if addressEscapes(fa, *fa.Referrers()) {
			return objHole(f, "struct field "+name+" written through its address")
		}
	}
	var stored []ssa.Value
	for _, st := range r.e.storesToField(f) {
		found = true
		stored = append(stored, st.Val)
	}
	if !found {
		return objHole(f, "struct field "+name+" never set in the package")
	}
	if len(stored) > 1 && r.paramsOutOfSight(stored) {
		// Constructors' parameters (Create(name) runs CREATE TABLE on
		// name, Open(name) finds a table): the field holds what they
		// are given, and keeps its own name, as package sqltext names
		// a constructor's DDL on a parameter it stores in a field. (One
		// constructor's parameter is named by the field already: see
		// onlyParamField.)
		return objHole(f, "struct field "+name+" set from parameters of functions code out of sight calls")
	}
	for _, v := range stored {
		out = union(out, r.value(v, nil, depth))
	}
	return asObject(f, "struct field "+name, out)
}

// paramsOutOfSight reports whether every value is a parameter of a
// package-level function or method that code out of sight may call.
func (r *resolver) paramsOutOfSight(vs []ssa.Value) bool {
	for _, v := range vs {
		p, ok := v.(*ssa.Parameter)
		if !ok || p.Parent().Parent() != nil || r.outOfSight(p.Parent()) == "" {
			return false
		}
	}
	return len(vs) > 0
}

// global resolves a package variable from the stores of its package's
// initializer. One written outside it, or exported, or of another
// package, is a hole.
func (r *resolver) global(g *ssa.Global, depth int) Values {
	obj := g.Object()
	name := g.Name()
	if g.Pkg != r.e.Pkg() {
		if v, ok := r.importedConstVar(g); ok && !r.ints && !r.bools {
			return asObject(obj, "package variable "+name, text(v))
		}
		return objHole(obj, "package variable "+name+" of another package")
	}
	if obj != nil && obj.Exported() {
		return objHole(obj, "exported package variable "+name)
	}
	if addressEscapes(g, r.e.uses(g)) {
		return objHole(obj, "package variable "+name+" written through its address")
	}
	var out Values
	found := false
	for _, st := range r.e.allStores() {
		if st.Addr != g {
			continue
		}
		if fn := st.Parent(); fn == nil || fn.Name() != "init" || fn.Parent() != nil || fn.Synthetic == "" {
			return objHole(obj, "package variable "+name+" written outside its initializer")
		}
		found = true
		out = union(out, r.value(st.Val, nil, depth))
	}
	if !found {
		return text("")
	}
	return asObject(obj, "package variable "+name, out)
}

// asObject marks the values of a field or package variable that are one
// plain text each as that object's: a name it holds keeps its identity.
// An object whose values are not all known is unknown as a whole.
func asObject(obj types.Object, what string, vs Values) Values {
	if vs.Hole != "" {
		return objHole(obj, what+" ("+vs.Hole+")")
	}
	for i, v := range vs.Set {
		if len(v.Parts) == 1 && plain(v.Parts[0]) {
			p := v.Parts[0]
			p.Obj = obj
			vs.Set[i].Parts = []Part{p}
		}
	}
	return vs
}

// objHole is the unknown value of a field or package variable: a
// placeholder may stand for it where it names a relation.
func objHole(obj types.Object, why string) Values {
	if obj == nil || !isStringType(obj.Type()) {
		return hole(why)
	}
	return Values{Set: []Value{{Parts: []Part{{Obj: obj, Unknown: true, Hole: why}}}}}
}

// Unknowns returns the reasons of the unknown objects' values in vs.
func (vs Values) Unknowns() []string {
	var out []string
	for _, v := range vs.Set {
		for _, p := range v.Parts {
			if p.Unknown && !slices.Contains(out, p.Hole) {
				out = append(out, p.Hole)
			}
		}
	}
	return out
}

func fieldName(f *types.Var) string {
	if owner := ownerName(f); owner != "" {
		return owner + "." + f.Name()
	}
	return f.Name()
}

// ownerName returns the name of the package-level named struct type that
// declares f, or "".
func ownerName(f *types.Var) string {
	if f.Pkg() == nil {
		return ""
	}
	return fieldOwners(f.Pkg())[f.Origin()]
}

// owners holds, per package, the name of the first package-level named
// struct type (in name order) that declares each field: a field's owner is
// asked for on every field a value passes through, and a scope's sorted
// names are built anew on each Names call.
var owners sync.Map // *types.Package -> map[*types.Var]string

func fieldOwners(pkg *types.Package) map[*types.Var]string {
	if m, ok := owners.Load(pkg); ok {
		return m.(map[*types.Var]string)
	}
	m := map[*types.Var]string{}
	scope := pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		if st, ok := tn.Type().Underlying().(*types.Struct); ok {
			for i := range st.NumFields() {
				if _, seen := m[st.Field(i)]; !seen {
					m[st.Field(i)] = name
				}
			}
		}
	}
	actual, _ := owners.LoadOrStore(pkg, m)
	return actual.(map[*types.Var]string)
}

func exportedOwner(f *types.Var) bool {
	owner := ownerName(f)
	return owner != "" && token.IsExported(owner)
}

// allStores returns every store of the package's functions, in position
// order (collected with the SSA, so that rules asking at once only read).
func (e *Effects) allStores() []*ssa.Store {
	e.Pkg()
	return e.stores
}

func storesOf(funcs []*ssa.Function) []*ssa.Store {
	stores := []*ssa.Store{}
	for _, fn := range funcs {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					stores = append(stores, st)
				}
			}
		}
	}
	return stores
}

// fieldAddrs returns the instructions of the package that take the
// address of field f.
func (e *Effects) fieldAddrs(f *types.Var) []*ssa.FieldAddr {
	e.Pkg()
	return e.fieldAddrsOf[f]
}

// storesToField returns the stores of the package into field f.
func (e *Effects) storesToField(f *types.Var) []*ssa.Store {
	e.Pkg()
	return e.fieldStores[f]
}

// uses returns the instructions of the package that use v as an operand
// (a global has no referrers of its own). v is a global or a function:
// only those are indexed.
func (e *Effects) uses(v ssa.Value) []ssa.Instruction {
	e.Pkg()
	return e.globalUses[v]
}

// indexUses builds fieldAddrsOf, fieldStores and globalUses, in the order
// of the package's functions and their instructions.
func (e *Effects) indexUses() {
	e.fieldAddrsOf = map[*types.Var][]*ssa.FieldAddr{}
	e.fieldStores = map[*types.Var][]*ssa.Store{}
	e.globalUses = map[ssa.Value][]ssa.Instruction{}
	var ops []*ssa.Value
	for _, fn := range e.all {
		for _, blk := range fn.Blocks {
			for _, instr := range blk.Instrs {
				switch x := instr.(type) {
				case *ssa.FieldAddr:
					if f := fieldOf(x.X.Type(), x.Field); f != nil {
						e.fieldAddrsOf[f] = append(e.fieldAddrsOf[f], x)
					}
				case *ssa.Store:
					if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
						if f := fieldOf(fa.X.Type(), fa.Field); f != nil {
							e.fieldStores[f] = append(e.fieldStores[f], x)
						}
					}
				}
				ops = instr.Operands(ops[:0])
				for i, op := range ops {
					switch v := (*op).(type) {
					case *ssa.Global, *ssa.Function:
						if !slices.ContainsFunc(ops[:i], func(o *ssa.Value) bool { return *o == v }) {
							e.globalUses[v] = append(e.globalUses[v], instr)
						}
					}
				}
			}
		}
	}
}

func (e *Effects) allFuncs() []*ssa.Function {
	e.Pkg()
	return e.all
}

func funcsOf(pkg *ssa.Package) []*ssa.Function {
	var all []*ssa.Function
	seen := map[*ssa.Function]bool{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn == nil || seen[fn] {
			return
		}
		seen[fn] = true
		all = append(all, fn)
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	names := make([]string, 0, len(pkg.Members))
	for name := range pkg.Members {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		switch m := pkg.Members[name].(type) {
		case *ssa.Function:
			visit(m)
		case *ssa.Type:
			for _, fn := range methodsOf(pkg.Prog, m.Type()) {
				visit(fn)
			}
		}
	}
	visit(pkg.Func("init"))
	return all
}

// parameter resolves a function's parameter: at the call being followed,
// or at every static call of the function in the package. A function
// that code out of sight may call (exported, used as a value, a method
// called through an interface) is a hole.
func (r *resolver) parameter(p *ssa.Parameter, b *binding, depth int) Values {
	fn := p.Parent()
	i := slices.Index(fn.Params, p)
	if b != nil && b.fn == fn && b.call == nil {
		return Values{Set: []Value{{Parts: []Part{{param: i + 1}}}}} // summarizing fn
	}
	if b != nil && b.fn == fn {
		return r.value(b.call.Common().Args[i], b.outer, depth)
	}
	if fn.Parent() != nil {
		return hole("parameter " + p.Name() + " of a closure")
	}
	if why := r.outOfSight(fn); why != "" {
		why = "parameter " + p.Name() + " of " + why
		if f := r.e.onlyParamField(p); f != nil {
			// The field holds exactly the values the parameter is
			// given: a name made from either is one placeholder.
			if v, ok := r.givenByModule(p); ok {
				return asObject(f, "struct field "+fieldName(f), text(v))
			}
			return objHole(f, "struct field "+fieldName(f)+" ("+why+")")
		}
		return r.paramPlaceholder(p, why)
	}
	callers := r.e.programCallers(fn)
	if len(callers) == 0 {
		return hole("parameter " + p.Name() + " of " + fn.Name() + ", which nothing calls")
	}
	var out Values
	for _, c := range callers {
		arg := c.Common().Args[i]
		vs := r.value(arg, nil, depth)
		for k := range vs.Set {
			vs.Set[k].At = append(vs.Set[k].At, c.Common().Pos())
		}
		out = union(out, vs)
	}
	return out
}

// programCallers returns the calls of fn in the package, without those in
// its test files when fn is not itself a test file's: what a test gives a
// parameter (newQueries(`"outbox"."messages"`) beside the configured
// table) is not a value the program runs with.
func (e *Effects) programCallers(fn *ssa.Function) []ssa.CallInstruction {
	inTest := func(pos token.Pos) bool {
		f := e.pass.Fset.File(pos)
		return f != nil && strings.HasSuffix(f.Name(), "_test.go")
	}
	if inTest(fn.Pos()) {
		return e.CallersOf(fn)
	}
	return slices.DeleteFunc(slices.Clone(e.CallersOf(fn)), func(c ssa.CallInstruction) bool { return inTest(c.Pos()) })
}

// outOfSight says how code this pass does not see may call fn, or "".
func (r *resolver) outOfSight(fn *ssa.Function) string {
	if obj := fn.Object(); obj != nil && obj.Exported() {
		return "exported " + fn.Name()
	}
	if r.escapes == nil {
		r.escapes, r.invoked = r.e.valuesAndInvokes()
	}
	if r.escapes[fn] {
		return fn.Name() + ", used as a value"
	}
	if fn.Signature.Recv() != nil && r.invoked[fn.Name()] {
		return fn.Name() + ", called through an interface"
	}
	return ""
}

// valuesAndInvokes returns the package's functions used as values and the
// method names it calls through interfaces, found once per package: every
// question about a parameter asks them.
func (e *Effects) valuesAndInvokes() (map[*ssa.Function]bool, map[string]bool) {
	e.sightOnce.Do(func() {
		escapes, invoked := map[*ssa.Function]bool{}, map[string]bool{}
		for _, f := range e.allFuncs() {
			for _, blk := range f.Blocks {
				for _, instr := range blk.Instrs {
					call, isCall := instr.(ssa.CallInstruction)
					if isCall && call.Common().IsInvoke() {
						invoked[call.Common().Method.Name()] = true
					}
					for k, op := range instr.Operands(nil) {
						g, ok := (*op).(*ssa.Function)
						if !ok || isCall && k == 0 && call.Common().Value == g {
							continue
						}
						escapes[g] = true
					}
				}
			}
		}
		e.asValues, e.invokedNames = escapes, invoked
	})
	return e.asValues, e.invokedNames
}

// freeVar resolves a closure's free variable from what its maker binds.
func (r *resolver) freeVar(fv *ssa.FreeVar, b *binding, depth int) Values {
	bound := r.bindingOf(fv)
	if bound == nil {
		return hole("a free variable of a closure")
	}
	return r.value(bound, nil, depth)
}

// bindingOf returns what the one MakeClosure of a closure binds to a free
// variable; nil when the closure is made several times.
func (r *resolver) bindingOf(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	i := slices.Index(fn.FreeVars, fv)
	if fn.Parent() == nil || i < 0 {
		return nil
	}
	var bound ssa.Value
	for _, blk := range fn.Parent().Blocks {
		for _, instr := range blk.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			if bound != nil {
				return nil
			}
			bound = mc.Bindings[i]
		}
	}
	return bound
}

// ownFunc returns the function of this package with a body that a call
// calls statically.
func (r *resolver) ownFunc(call ssa.CallInstruction) *ssa.Function {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg != r.e.Pkg() || len(callee.Blocks) == 0 {
		return nil
	}
	return callee
}

// What results does with the returns that give a non-nil error
// (errpath.go): keep their values (the error result itself, or a function
// with no error result), drop them (the caller uses the value only where
// the error is nil), or give a hole in their place.
const (
	onErrorKeep = iota
	onErrorDrop
	onErrorHole
)

// results resolves the i-th result of a package function called at call:
// every value its returns give, its parameters bound to the call's
// arguments; errs says what the returns with a non-nil error give. A
// return of "" that only a test of a run-time length selects is a hole
// (errpath.go).
func (r *resolver) results(fn *ssa.Function, call ssa.CallInstruction, i, errs int, b *binding, depth int) Values {
	if r.onStack[fn] {
		return hole("loop")
	}
	r.onStack[fn] = true
	defer delete(r.onStack, fn)
	inner := &binding{fn: fn, call: call, outer: b}
	errIdx := errResult(fn)
	var out Values
	for _, blk := range fn.Blocks {
		ret, ok := last(blk).(*ssa.Return)
		if !ok || i >= len(ret.Results) || !r.reachable(blk, inner, depth) {
			continue
		}
		switch {
		case errs != onErrorKeep && errorReturn(ret, errIdx):
			if errs == onErrorHole {
				out = union(out, hole("the value "+fn.Name()+" returns with an error, used where the error may not be nil"))
			}
		case !r.ints && !r.bools && r.lengthEmpty(ret, i, inner, depth):
			out = union(out, hole("the empty text "+fn.Name()+" returns for a run-time length of zero"))
		default:
			out = union(out, r.value(ret.Results[i], inner, depth))
		}
	}
	if len(out.Set) == 0 && out.Hole == "" {
		return hole("the result of " + fn.Name() + ", which never returns")
	}
	if (out.Hole != "" || glued(out)) && !r.ints && !r.bools {
		if v := r.resultVar(fn, call, i, b, depth); v != nil {
			// The name the function computes stays unknown: it is the
			// placeholder of this call shape (sqltext.ResultVar).
			return Values{Set: []Value{{Parts: []Part{{Obj: v, Unknown: true, Hole: "the result of " + fn.Name() + " (" + out.Hole + ")"}}}}}
		}
	}
	return out
}

// glued reports whether a value joins two unknown values of Go objects
// with nothing but identifier characters between them (%s_messages_%s of
// a prefix and a topic): SQL cannot read that as one name, while a
// function that computes it names one table per call shape.
func glued(vs Values) bool {
	for _, v := range vs.Set {
		last := -1
		for i, p := range v.Parts {
			if !p.Unknown {
				continue
			}
			if last >= 0 && identOnly(v.Parts[last+1:i]) {
				return true
			}
			last = i
		}
	}
	return false
}

// identOnly reports whether parts are plain text of identifier characters.
func identOnly(ps []Part) bool {
	for _, p := range ps {
		if !plain(p) {
			return false
		}
		for _, c := range p.Text {
			if c != '_' && (c < 'a' || c > 'z') && (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
				return false
			}
		}
	}
	return true
}

// resultVar returns the object that stands for the unknown i-th result of
// fn, a package-level function or method returning a string, at call: keyed
// by fn and by what each argument is (sqltext.ResultVar); nil for another
// function (a closure, a generic instance without origin object).
func (r *resolver) resultVar(fn *ssa.Function, call ssa.CallInstruction, i int, b *binding, depth int) *types.Var {
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Parent() != nil || call == nil {
		return nil
	}
	results := fn.Signature.Results()
	if i >= results.Len() || !isStringType(results.At(i).Type()) || !buildsName(fn, i) {
		return nil
	}
	args := call.Common().Args
	if fn.Signature.Recv() != nil && len(args) > 0 {
		args = args[1:] // the receiver: its fields are read inside, by object
	}
	key := make([]string, 0, len(args)+1)
	for _, a := range args {
		key = append(key, r.argKey(a, b, depth))
	}
	if i > 0 {
		key = append(key, fmt.Sprintf("result %d", i))
	}
	return sqltext.ResultVar(obj, key)
}

// identText matches text that can only be part of a name: identifier
// characters and the dot of a schema-qualified one.
var identText = regexp.MustCompile(`^[A-Za-z0-9_.]*$`)

// nameVerb matches the verbs of a format that splice a value into a name
// as it is (%s, %[1]s, %v, %d).
var nameVerb = regexp.MustCompile(`%(\[[0-9]+\])?[svd]`)

// buildsName reports whether every return of fn gives as its i-th result
// a name built by concatenation or fmt.Sprintf from values and from
// constants that are identifier text only, one of them at least
// (a.prefix + "_messages_" + topic, or a format quoted as a whole,
// `"watermill_%s"`): a function that quotes or escapes what it is given,
// or fills a query's template, computes no name of its own, and stays a
// hole.
func buildsName(fn *ssa.Function, i int) bool {
	consts := 0
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value) bool
	walk = func(v ssa.Value) bool {
		if seen[v] {
			return true
		}
		seen[v] = true
		if len(seen) > maxDepends {
			return false
		}
		switch v := v.(type) {
		case *ssa.Const:
			if v.Value == nil || v.Value.Kind() != constant.String {
				return true
			}
			t := constant.StringVal(v.Value)
			if t != "" {
				consts++
			}
			return identText.MatchString(t)
		case *ssa.BinOp:
			return v.Op == token.ADD && walk(v.X) && walk(v.Y)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if !walk(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			callee := v.Common().StaticCallee()
			if callee == nil || !isFunc(callee, "fmt", "Sprintf") {
				return true // a value the name is made of
			}
			format, ok := v.Common().Args[0].(*ssa.Const)
			if !ok || format.Value == nil || format.Value.Kind() != constant.String {
				return false
			}
			t := nameVerb.ReplaceAllString(constant.StringVal(format.Value), "")
			if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
				t = t[1 : len(t)-1] // a quoted name: "watermill_%s"
			}
			if strings.Contains(t, "%") || !identText.MatchString(t) {
				return false
			}
			if t != "" {
				consts++
			}
			for _, e := range arrayElems(sliceArray(v.Common().Args[1])) {
				if mi, ok := e.(*ssa.MakeInterface); ok {
					e = mi.X
				}
				if !walk(e) {
					return false
				}
			}
			return true
		}
		return true // a parameter, a field, another call's result
	}
	found := false
	for _, blk := range fn.Blocks {
		ret, ok := last(blk).(*ssa.Return)
		if !ok || i >= len(ret.Results) {
			continue
		}
		found = true
		if !walk(ret.Results[i]) {
			return false
		}
	}
	return found && consts > 0
}

// argKey says what an argument gives a function whose result is a
// placeholder: a constant's text, the one value (text and placeholders of
// Go objects) a string resolves to, or "?" when that is not known.
func (r *resolver) argKey(a ssa.Value, b *binding, depth int) string {
	if c, ok := a.(*ssa.Const); ok {
		if c.Value == nil {
			return "nil"
		}
		return c.Value.ExactString()
	}
	if !isStringType(a.Type()) {
		return "?"
	}
	vs := r.value(a, b, depth)
	if !vs.Known() || len(vs.Set) != 1 {
		return "?"
	}
	var k strings.Builder
	for _, p := range vs.Set[0].Parts {
		switch {
		case p.Number || p.param != 0 || p.escaped:
			return "?"
		case p.Obj != nil && p.Unknown:
			name, ok := objKey(p.Obj)
			if !ok {
				return "?"
			}
			k.WriteString(name)
		case p.Quoted:
			k.WriteString(quoteIdent(p.Text))
		default:
			k.WriteString(p.Text)
		}
	}
	return strconv.Quote(k.String())
}

// objKey names a Go object whose unknown value an argument is, as the
// placeholder that stands for it.
func objKey(obj types.Object) (string, bool) {
	return sqltext.ObjectPlaceholder(obj)
}

// call resolves the result of a call that builds a string.
func (r *resolver) call(call *ssa.Call, b *binding, depth int) Values {
	common := call.Common()
	callee := common.StaticCallee()
	if callee == nil {
		if common.IsInvoke() {
			if vs, ok := r.throughInterface(call, b, depth); ok {
				return vs
			}
			return hole("the result of " + common.Method.Name())
		}
		// A Replace method value kept in a package variable or a field.
		if mc, ok := r.storedOnce(common.Value).(*ssa.MakeClosure); ok {
			if fn, ok := mc.Fn.(*ssa.Function); ok && isReplacerReplace(fn) {
				return r.replacer(mc.Bindings[0], common.Args[0], b, depth)
			}
		}
		return hole("the result of a function value")
	}
	if o := callee.Origin(); o != nil {
		callee = o
	}
	switch {
	case isFunc(callee, "fmt", "Sprintf"):
		return r.sprintf(call, b, depth)
	case isFunc(callee, "fmt", "Sprint") && len(common.Args) == 1:
		elems := arrayElems(sliceArray(common.Args[0]))
		if len(elems) == 1 {
			return r.formatted(elems[0], 'v', b, depth)
		}
	case isFunc(callee, "strconv", "Itoa"), isFunc(callee, "strconv", "FormatInt"), isFunc(callee, "strconv", "FormatUint"):
		return Values{Set: []Value{{Parts: []Part{{Number: true}}}}}
	case isFunc(callee, "strings", "Join"):
		return r.join(call, b, depth)
	case callee.Name() == "String" && isBuilderMethod(callee):
		return r.builder(call, b, depth)
	case isFunc(callee, "strings", "ReplaceAll"), isFunc(callee, "strings", "Replace"):
		return r.replace(call, b, depth)
	case isFunc(callee, "strings", "TrimSpace"):
		return trimSpace(r.value(common.Args[0], b, depth))
	case isReplacerReplace(callee) && callee.Signature.Recv() != nil:
		return r.replacer(common.Args[0], common.Args[1], b, depth)
	case isReplacerReplace(callee):
		if mc, ok := common.Value.(*ssa.MakeClosure); ok {
			return r.replacer(mc.Bindings[0], common.Args[0], b, depth)
		}
	case isFunc(callee, "github.com/lib/pq", "QuoteIdentifier"):
		return quoted(r.value(common.Args[0], b, depth))
	case callee.Name() == "Sanitize" && isPgxIdentifierMethod(callee):
		return r.sanitize(common.Args[0], b, depth)
	case isFunc(callee, "github.com/jmoiron/sqlx", "Rebind"), callee.Name() == "Rebind" && callee.Pkg != nil && callee.Pkg.Pkg.Path() == "github.com/jmoiron/sqlx":
		return r.value(common.Args[len(common.Args)-1], b, depth)
	}
	if fn := r.ownFunc(call); fn != nil {
		return r.results(fn, call, 0, onErrorKeep, b, depth)
	}
	if vs, ok := r.summary(call, callee, b, depth); ok {
		return vs
	}
	return hole("the result of " + callee.Name())
}

func isFunc(fn *ssa.Function, path, name string) bool {
	return fn.Name() == name && fn.Signature.Recv() == nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == path
}

// isPgxIdentifierMethod reports whether fn is a method of pgx's
// Identifier.
func isPgxIdentifierMethod(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && sqltext.IsPgxIdentifier(obj)
}

// sliceArray returns the array a slice literal slices, or nil.
func sliceArray(v ssa.Value) ssa.Value {
	if s, ok := v.(*ssa.Slice); ok {
		return s.X
	}
	return nil
}

// elements resolves the elements of a slice of strings made from a
// literal, here or in a package variable's initializer.
func (r *resolver) elements(v ssa.Value, b *binding, depth int) ([]Values, string) {
	switch x := v.(type) {
	case *ssa.Slice:
		elems := arrayElems(x.X)
		if elems == nil {
			return nil, "not a slice literal"
		}
		out := make([]Values, len(elems))
		for i, e := range elems {
			out[i] = r.value(e, b, depth)
		}
		return out, ""
	case *ssa.ChangeType:
		return r.elements(x.X, b, depth)
	case *ssa.UnOp:
		g, ok := x.X.(*ssa.Global)
		if !ok || x.Op != token.MUL || g.Pkg != r.e.Pkg() || g.Object() != nil && g.Object().Exported() {
			break
		}
		var src ssa.Value
		for _, st := range r.e.allStores() {
			if st.Addr != g {
				continue
			}
			if src != nil || st.Parent().Name() != "init" || st.Parent().Synthetic == "" {
				return nil, "package variable " + g.Name() + " written outside its initializer"
			}
			src = st.Val
		}
		if src != nil {
			return r.elements(src, nil, depth)
		}
	case *ssa.Parameter:
		if b != nil && b.fn == x.Parent() && b.call != nil {
			return r.elements(b.call.Common().Args[slices.Index(x.Parent().Params, x)], b.outer, depth)
		}
	}
	return nil, "not a slice literal"
}

// join resolves strings.Join over a slice literal of known strings.
func (r *resolver) join(call *ssa.Call, b *binding, depth int) Values {
	args := call.Common().Args
	elems, why := r.elements(args[0], b, depth)
	if why != "" {
		if vs, ok := r.paramLists(args[0], args[1], b, depth); ok {
			return vs
		}
		return hole("strings.Join over non-constant input (" + why + ")")
	}
	sep := r.value(args[1], b, depth)
	sepText, ok := single(sep)
	if !ok {
		return hole("strings.Join with a separator that is not constant")
	}
	var out Values
	for i, e := range elems {
		if i == 0 {
			out = e
			continue
		}
		out = concat(concat(out, text(sepText)), e)
	}
	if len(elems) == 0 {
		return text("")
	}
	return out
}

// single returns the one plain text a string holds.
func single(vs Values) (string, bool) {
	if !vs.Known() || len(vs.Set) != 1 {
		return "", false
	}
	return vs.Set[0].Text()
}

// quoted marks every value as a quoted identifier, when each is one part.
func quoted(vs Values) Values {
	for i, v := range vs.Set {
		t, ok := v.Text()
		switch {
		case len(v.Parts) == 1 && !v.Parts[0].Number:
			p := v.Parts[0]
			p.Quoted = true
			vs.Set[i].Parts = []Part{p}
		case ok:
			vs.Set[i].Parts = []Part{{Text: t, Quoted: true}}
		default:
			return hole(joinHoles(vs.Hole, "a quoted identifier built from several pieces"))
		}
	}
	return vs
}

// sanitize resolves pgx.Identifier{a, b}.Sanitize(): "a"."b".
func (r *resolver) sanitize(recv ssa.Value, b *binding, depth int) Values {
	elems, why := r.elements(recv, b, depth)
	if why != "" || len(elems) == 0 {
		return hole("the result of Sanitize on an identifier built elsewhere")
	}
	var out Values
	for i, e := range elems {
		q := quoted(e)
		if i == 0 {
			out = q
			continue
		}
		out = concat(concat(out, text(".")), q)
	}
	return out
}

// sprintf resolves fmt.Sprintf with a known format whose verbs are %s,
// %v, %d and %%, over arguments written in the call.
func (r *resolver) sprintf(call *ssa.Call, b *binding, depth int) Values {
	return r.formatArgs(call.Common().Args, b, depth)
}

// formatArgs resolves fmt's formatting of args: the format and the slice
// of its arguments.
func (r *resolver) formatArgs(args []ssa.Value, b *binding, depth int) Values {
	formats := r.value(args[0], b, depth)
	if formats.Hole != "" {
		return hole(formats.Hole)
	}
	var elems []ssa.Value
	if c, ok := args[1].(*ssa.Const); ok && c.IsNil() {
		elems = []ssa.Value{}
	} else if elems = arrayElems(sliceArray(args[1])); elems == nil {
		return hole("fmt.Sprintf with arguments passed as a slice")
	}
	var out Values
	for _, fv := range formats.Set {
		format, ok := fv.Text()
		if !ok {
			return hole("fmt.Sprintf with a format that is not known")
		}
		vs := r.format(format, elems, b, depth)
		for k := range vs.Set {
			vs.Set[k].At = append(vs.Set[k].At, fv.At...)
		}
		out = union(out, vs)
	}
	return out
}

func (r *resolver) format(format string, elems []ssa.Value, b *binding, depth int) Values {
	out := text("")
	next, reordered := 0, false
	for i := 0; i < len(format); i++ {
		c := format[i]
		if c != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			out = concat(out, text(format[i:i+j]))
			i += j - 1
			continue
		}
		i++
		// An explicit argument index, %[n]s, as fmt reads it: the verb
		// takes argument n, and the next verb the one after it.
		if i < len(format) && format[i] == '[' {
			end := strings.IndexByte(format[i:], ']')
			if end < 0 {
				return hole("fmt.Sprintf with a malformed format")
			}
			n, err := strconv.Atoi(format[i+1 : i+end])
			if err != nil || n < 1 || n > len(elems) {
				return hole("fmt.Sprintf with a bad argument index")
			}
			next, reordered = n-1, true
			i += end + 1
		}
		if i >= len(format) {
			return hole("fmt.Sprintf with a malformed format")
		}
		verb := format[i]
		if verb == '%' {
			out = concat(out, text("%"))
			continue
		}
		if verb != 's' && verb != 'v' && verb != 'd' && verb != 'q' || next >= len(elems) {
			return hole(fmt.Sprintf("fmt.Sprintf's %%%c", verb))
		}
		out = concat(out, r.formatted(elems[next], verb, b, depth))
		next++
	}
	if !reordered && next != len(elems) {
		return hole("fmt.Sprintf with extra arguments")
	}
	return out
}

// formatted resolves one argument of fmt: a string, or an integer that
// becomes a bind parameter.
func (r *resolver) formatted(arg ssa.Value, verb byte, b *binding, depth int) Values {
	x := arg
	if mi, ok := arg.(*ssa.MakeInterface); ok {
		x = mi.X
	}
	if verb != 'd' && hasStringMethod(x.Type()) {
		// fmt formats it with its String or Error method.
		return hole(fmt.Sprintf("fmt.Sprintf's %%%c of a %s, which has its own String or Error", verb, x.Type()))
	}
	switch {
	case isIntegerType(x.Type()) && (verb == 'd' || verb == 'v'):
		return Values{Set: []Value{{Parts: []Part{{Number: true}}}}}
	case isStringType(x.Type()) && verb == 'q':
		// strconv.Quote is what %q does to a string (no flags here).
		// A name the code is given (a field, a parameter) is quoted as
		// SQL quotes it: the two agree on every name without a double
		// quote, backslash or unprintable character, and code that quotes
		// with %q works with no other.
		vs := r.value(x, b, depth)
		for i, v := range vs.Set {
			t, ok := v.Text()
			switch {
			case ok:
				vs.Set[i].Parts = []Part{{Text: strconv.Quote(t)}}
			case len(v.Parts) == 1 && !v.Parts[0].Number:
				p := v.Parts[0]
				p.Quoted = true
				vs.Set[i].Parts = []Part{p}
			default:
				return hole("fmt.Sprintf's %q of a value built from several pieces")
			}
		}
		return vs
	case isStringType(x.Type()) && verb != 'd':
		return r.value(x, b, depth)
	}
	return hole(fmt.Sprintf("fmt.Sprintf's %%%c of a %s", verb, x.Type()))
}

// hasStringMethod reports whether fmt would format a value of type t with
// its String or Error method.
func hasStringMethod(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			return true
		}
	}
	return false
}

func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isNamedInteger reports whether t is a named type over an integer (type
// Status int16), whose constants may code states.
func isNamedInteger(t types.Type) bool {
	_, named := types.Unalias(t).(*types.Named)
	return named && isIntegerType(t)
}

func isIntegerType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsInteger != 0
}

func quoteIdent(s string) string {
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// Identifier returns what a pgx.Identifier value of this package names,
// quoted as its Sanitize method quotes it ("a"."b").
func (e *Effects) Identifier(v ssa.Value) Values {
	if e == nil || e.Pkg() == nil || v == nil {
		return hole("no SSA")
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	return unescaped(r.sanitize(v, nil, 0))
}

// StringList returns what each element of a []string made from a literal
// (here or in a package variable's initializer) may hold, or why it cannot
// tell.
func (e *Effects) StringList(v ssa.Value) ([]Values, string) {
	if e == nil || e.Pkg() == nil || v == nil {
		return nil, "no SSA"
	}
	r := &resolver{e: e, onStack: map[any]bool{}}
	return r.elements(v, nil, 0)
}

// onlyParamField returns the struct field of this package, set nowhere out
// of sight, that the package sets only to parameter p's value as given
// (&T{table: table} in a constructor, with no other store): the field and
// the parameter then hold the same values, so a table named by either is
// the same table. Nil when there is none; the first such field in
// position order when there are several.
func (e *Effects) onlyParamField(p *ssa.Parameter) *types.Var {
	for _, st := range e.allStores() {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || st.Val != p {
			continue
		}
		f := fieldOf(fa.X.Type(), fa.Field)
		if f == nil || f.Pkg() != e.Pkg().Pkg || f.Exported() && exportedOwner(f) || !isStringType(f.Type()) {
			continue
		}
		only := true
		for _, other := range e.allStores() {
			if ofa, ok := other.Addr.(*ssa.FieldAddr); ok && fieldOf(ofa.X.Type(), ofa.Field) == f && other.Val != p {
				only = false
				break
			}
		}
		for _, addr := range e.fieldAddrs(f) {
			if addressEscapes(addr, *addr.Referrers()) {
				only = false
			}
		}
		if only {
			return f
		}
	}
	return nil
}

// Unconverted returns the value a string conversion, a change of named
// type or a boxing into an interface was made from.
func Unconverted(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			v = x.X
		default:
			return v
		}
	}
}

// trimSpace resolves strings.TrimSpace over the values of its argument: the
// white space at either end of plain text goes; a value that begins or ends
// with a part whose text is not plain (a placeholder, a quoted name, a
// number, a field's whole value) keeps that end as it is, which changes no
// statement (white space at the ends of SQL text means nothing) and keeps
// the part's identity.
func trimSpace(vs Values) Values {
	out := Values{Hole: vs.Hole}
	for _, v := range vs.Set {
		parts := slices.Clone(v.Parts)
		plain := func(p Part) bool {
			return p.Obj == nil && !p.Unknown && !p.Number && !p.Quoted && !p.escaped && p.param == 0
		}
		for len(parts) > 0 && plain(parts[0]) {
			parts[0].Text = strings.TrimLeftFunc(parts[0].Text, unicode.IsSpace)
			if parts[0].Text != "" {
				break
			}
			parts = parts[1:]
		}
		for n := len(parts); n > 0 && plain(parts[n-1]); n = len(parts) {
			parts[n-1].Text = strings.TrimRightFunc(parts[n-1].Text, unicode.IsSpace)
			if parts[n-1].Text != "" {
				break
			}
			parts = parts[:n-1]
		}
		if len(parts) == 0 {
			parts = []Part{{}}
		}
		out.Set = append(out.Set, Value{Parts: parts, At: v.At, Unset: v.Unset})
	}
	return out
}
