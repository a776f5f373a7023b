package queuemodel

import (
	"go/ast"
	"go/types"
	"slices"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
)

// Halves reach the package that joins them through the layers real queues
// put between a store and its worker: sqlc's Queries, wrapped by a
// repository, wrapped again by an application service, called through the
// interfaces each layer declares. A function whose only database work is
// one call of a half, which it feeds from its parameters (a take) or whose
// rows it returns (a poll), is that half itself (forwardHalves): its
// package exports the Half fact on it as the store's package does on the
// store's methods, and its callers join it as they would the store's.
//
// What such a half runs on is, at the wrapper, what the value it calls the
// inner half on holds: a repository's field set from db.New(sqlDB) with a
// *sql.DB is a pool, one set from a constructor's parameter is whatever
// the constructor's callers give it (unknown here: silent).

// forwardHalves finds the package's functions that forward to a half, to a
// fixed point (a service that forwards to a repository that forwards to
// the store), and records them in b.halves and b.forwarded.
func (b *builder) forwardHalves() {
	if len(b.halves) == 0 && !b.importsHalves() {
		return
	}
	own := map[*ast.FuncDecl]bool{}
	for _, c := range b.model.Calls {
		if c.Decl != nil {
			own[c.Decl] = true
		}
	}
	var decls []*ast.FuncDecl
	for _, f := range b.pass.Files {
		if InTestFile(b.pass, f.Pos()) {
			continue
		}
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil && !own[decl] {
				decls = append(decls, decl)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		b.ifaceHalves = nil // an implementation may have become a half
		for _, decl := range decls {
			fn := b.funcOf(decl)
			if fn == nil || b.halves[fn] != nil {
				continue
			}
			if h := b.forwarder(decl); h != nil {
				b.halves[fn], b.forwarded[fn] = h, true
				changed = true
			}
		}
	}
}

// importsHalves reports whether a package the package imports exports a
// Half fact: only then can one of its functions forward to one.
func (b *builder) importsHalves() bool {
	for _, f := range b.pass.AllObjectFacts() {
		if _, ok := f.Fact.(*Half); ok {
			return true
		}
	}
	for _, imp := range b.pass.Pkg.Imports() {
		var f Implements
		if b.pass.ImportPackageFact(imp, &f) && slices.ContainsFunc(f.Methods, func(im Impl) bool { return im.Half != nil }) {
			return true
		}
	}
	return false
}

// forwarder returns the half a function is when it forwards to one: its
// body calls one half (not inside a closure), and a take is given a value
// computed from the function's parameters, a poll's rows flow to one of
// the function's results. A take may be called more than once, the same
// function on the same value, once per outcome (UpdateStatus(ctx, {ID:
// sch.ID, Status: "failed"}) when the publish fails, "completed" after it:
// eval22 notif's executeScheduled): it is still the one take the function
// forwards to; the first call stands for them.
func (b *builder) forwarder(decl *ast.FuncDecl) *Half {
	var site *ast.CallExpr
	var inner *Half
	var innerFn *types.Func
	n, same := 0, true
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			if h, fn := b.halfAt(x); h != nil {
				if site == nil {
					site, inner, innerFn = x, h, fn
				} else if fn != innerFn || !h.Take || !sameOperand(site, x) {
					same = false
				}
				n++
			}
		}
		return true
	})
	if n == 0 || n > 1 && !same {
		return nil
	}
	info := b.pass.TypesInfo
	if inner.Take {
		seed := map[types.Object]bool{}
		for _, field := range decl.Type.Params.List {
			for _, name := range field.Names {
				if obj := info.Defs[name]; obj != nil && !isContext(obj.Type()) {
					seed[obj] = true
				}
			}
		}
		vars := flowsFrom(info, decl.Body, seed)
		if !slices.ContainsFunc(site.Args, func(a ast.Expr) bool { return !isContext(info.TypeOf(a)) && usesAny(info, []ast.Expr{a}, vars) }) {
			return nil
		}
	} else if !b.returnsRows(decl, site) {
		return nil
	}
	h := *inner
	if h.Receiver == RecvUnknown && h.Field == "" {
		h.Receiver, h.Field = b.onReceiver(site)
	}
	if h.ByCaller {
		at, ok := b.forwardedState(decl, site, inner)
		if !ok {
			return nil
		}
		h.StateAt = at
		if at.Index < 0 {
			h.States, _ = b.givenStates(site, nil, inner)
		}
	}
	return &h
}

// forwardedState returns where a function that forwards to a take whose
// state its callers give (Half.ByCaller) takes that state from: one of
// its own parameters, passed on as it is, or a constant it gives itself
// (MarkRunning(ctx, id) calls UpdateStatus(ctx, id, StatusRunning)),
// told by an index of -1.
func (b *builder) forwardedState(decl *ast.FuncDecl, site *ast.CallExpr, inner *Half) (callerargs.Pos, bool) {
	if given, ok := b.givenStates(site, nil, inner); ok {
		return callerargs.Pos{Index: -1}, len(given) == 1 && slices.Contains(inner.States, given[0])
	}
	if inner.StateAt.Field != "" || inner.StateAt.Index < 0 || inner.StateAt.Index >= len(site.Args) {
		return callerargs.Pos{}, false
	}
	id, ok := ast.Unparen(site.Args[inner.StateAt.Index]).(*ast.Ident)
	if !ok {
		return callerargs.Pos{}, false
	}
	i := 0
	for _, field := range decl.Type.Params.List {
		for _, name := range field.Names {
			if b.pass.TypesInfo.Defs[name] == b.pass.TypesInfo.Uses[id] {
				return callerargs.Pos{Index: i}, true
			}
			i++
		}
		if len(field.Names) == 0 {
			i++
		}
	}
	return callerargs.Pos{}, false
}

// returnsRows reports whether what a poll's call returns flows to a
// result of the function (other than an error).
func (b *builder) returnsRows(decl *ast.FuncDecl, site *ast.CallExpr) bool {
	info := b.pass.TypesInfo
	seed := map[types.Object]bool{}
	direct := false
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.AssignStmt:
			if len(x.Rhs) == 1 && ast.Unparen(x.Rhs[0]) == site {
				for _, l := range x.Lhs {
					if id, ok := l.(*ast.Ident); ok && id.Name != "_" && !isError(info.TypeOf(id)) {
						seed[info.ObjectOf(id)] = true
					}
				}
			}
		case *ast.ReturnStmt:
			if len(x.Results) == 1 && ast.Unparen(x.Results[0]) == site {
				direct = true
			}
		}
		return true
	})
	if direct {
		return true
	}
	if len(seed) == 0 {
		return false
	}
	vars := flowsFrom(info, decl.Body, seed)
	found := false
	ast.Inspect(decl.Body, func(x ast.Node) bool {
		if _, ok := x.(*ast.FuncLit); ok {
			return false
		}
		if ret, ok := x.(*ast.ReturnStmt); ok {
			for _, r := range ret.Results {
				if !isError(info.TypeOf(r)) && usesAny(info, []ast.Expr{r}, vars) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// flowsFrom returns the variables of a body whose value is computed from
// the seed's (an assignment, a range over them, a store into an element or
// a field of a variable), the seed's included, to a fixed point.
func flowsFrom(info *types.Info, body *ast.BlockStmt, seed map[types.Object]bool) map[types.Object]bool {
	vars := map[types.Object]bool{}
	for v := range seed {
		vars[v] = true
	}
	add := func(e ast.Expr) bool {
		if obj := baseVar(info, e); obj != nil && !vars[obj] {
			vars[obj] = true
			return true
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if len(n.Lhs) == len(n.Rhs) {
					for i, l := range n.Lhs {
						if usesAny(info, n.Rhs[i:i+1], vars) && add(l) {
							changed = true
						}
					}
				} else if usesAny(info, n.Rhs, vars) {
					for _, l := range n.Lhs {
						if !isError(info.TypeOf(l)) && add(l) {
							changed = true
						}
					}
				}
			case *ast.RangeStmt:
				if usesAny(info, []ast.Expr{n.X}, vars) {
					for _, e := range []ast.Expr{n.Key, n.Value} {
						if e != nil && add(e) {
							changed = true
						}
					}
				}
			}
			return true
		})
	}
	return vars
}

// baseVar returns the variable an assignment's left side writes: x in x,
// x[i], x.f, *x.
func baseVar(info *types.Info, e ast.Expr) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if x.Name == "_" {
				return nil
			}
			return info.ObjectOf(x)
		case *ast.IndexExpr:
			e = x.X
		case *ast.SelectorExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}

func isContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// halfAt returns the half a call runs and the function it calls: a
// function of another package that exports a Half fact, one of this
// package's halves, or a method of an interface every implementation in
// sight of which is the same half (its receiver the one they share, or
// unknown).
func (b *builder) halfAt(call *ast.CallExpr) (*Half, *types.Func) {
	fn := b.calleeOf(call)
	if fn == nil {
		return nil, nil
	}
	if h := b.halves[fn]; h != nil {
		return h, fn
	}
	recv := fn.Type().(*types.Signature).Recv()
	if recv != nil && types.IsInterface(recv.Type()) {
		h, _ := b.interfaceHalf(fn)
		return h, fn
	}
	if fn.Pkg() == nil || fn.Pkg() == b.pass.Pkg {
		return nil, nil
	}
	var h Half
	if !b.pass.ImportObjectFact(fn.Origin(), &h) {
		return nil, nil
	}
	return &h, fn
}

// interfaceHalf returns the half an interface method is: the one all of
// its implementations in sight are, none of them unknown, and how many are
// in sight. Implementations are the package's own types, the exported
// types of the packages it imports, and those the Implements facts of its
// imports list.
func (b *builder) interfaceHalf(m *types.Func) (*Half, int) {
	if r, ok := b.ifaceHalves[m]; ok {
		return r.half, r.n
	}
	h, n := b.findInterfaceHalf(m)
	if b.ifaceHalves == nil {
		b.ifaceHalves = map[*types.Func]ifaceHalf{}
	}
	b.ifaceHalves[m] = ifaceHalf{h, n}
	return h, n
}

// ifaceHalf is interfaceHalf's answer, kept: a method is asked of at each
// of its calls, and by forwardHalves until its fixed point.
type ifaceHalf struct {
	half *Half
	n    int
}

// inMemory reports whether impl, the method of type tn that implements an
// interface, keeps its data in the process (see Impl.InMemory): told by
// this package for its own types, by the Implements fact of the package
// that declares an imported one.
func (b *builder) inMemory(tn *types.TypeName, impl *types.Func) bool {
	if tn.Pkg() == b.pass.Pkg {
		if b.decls == nil {
			b.decls = funcDecls(b.pass)
		}
		return inMemory(b.pass, b.decls, impl, map[*types.Func]bool{})
	}
	var f Implements
	if !b.pass.ImportPackageFact(tn.Pkg(), &f) {
		return false
	}
	for _, im := range f.Methods {
		if im.TypePkg == tn.Pkg().Path() && im.Type == tn.Name() && im.Method == impl.Name() && im.InMemory {
			return true
		}
	}
	return false
}

func (b *builder) findInterfaceHalf(m *types.Func) (*Half, int) {
	named, ok := types.Unalias(m.Type().(*types.Signature).Recv().Type()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return nil, 0
	}
	iface, ok := named.Underlying().(*types.Interface)
	if !ok || !effects.InModule(b.pass, named.Obj().Pkg()) {
		return nil, 0 // a library's interface (context.Context, io.Reader) is no store's
	}
	var halves, onDB []*Half
	seen := map[string]bool{}
	note := func(tn *types.TypeName, h *Half, impl *types.Func) {
		key := tn.Pkg().Path() + "." + tn.Name()
		if !seen[key] {
			seen[key] = true
			halves = append(halves, h)
			if b.decls == nil {
				b.decls = funcDecls(b.pass)
			}
			if !b.inMemory(tn, impl) && notPostgresOf(b.pass, b.decls, tn, impl) == "" {
				onDB = append(onDB, h)
			}
		}
	}
	for _, it := range b.implementersOf(named, iface) {
		impl, ok := lookupMethod(it.t, it.tn.Pkg(), m.Name())
		if !ok {
			continue
		}
		h := b.halves[impl]
		if h == nil && impl.Pkg() != b.pass.Pkg {
			var f Half
			if b.pass.ImportObjectFact(impl.Origin(), &f) {
				h = &f
			}
		}
		note(it.tn, h, impl)
	}
	for _, imp := range b.pass.Pkg.Imports() {
		var f Implements
		if !b.pass.ImportPackageFact(imp, &f) {
			continue
		}
		for _, im := range f.Methods {
			if im.Pkg == named.Obj().Pkg().Path() && im.Iface == named.Obj().Name() && im.Method == m.Name() && !seen[im.TypePkg+"."+im.Type] {
				seen[im.TypePkg+"."+im.Type] = true
				halves = append(halves, im.Half)
				if im.NotPostgres == "" {
					onDB = append(onDB, im.Half) // out of sight: taken to be on the database
				}
			}
		}
	}
	if len(onDB) > 0 && len(onDB) < len(halves) {
		// An in-memory store (the one tests and local runs use) claims
		// nothing, and the program runs no test double or other engine's
		// store against PostgreSQL (see programImpls): the halves are
		// those the PostgreSQL stores are.
		return sameHalf(onDB), len(halves)
	}
	return sameHalf(halves), len(halves)
}

// sameHalf returns the half every one of hs is (the receiver they share,
// or unknown), or nil when one is nil or they differ.
func sameHalf(hs []*Half) *Half {
	if len(hs) == 0 || hs[0] == nil {
		return nil
	}
	h := *hs[0]
	for _, o := range hs[1:] {
		if o == nil || o.Table != h.Table || o.Take != h.Take || o.Locked != h.Locked || o.ByCaller != h.ByCaller || o.StateAt != h.StateAt || o.Confirm != h.Confirm {
			return nil
		}
		if h.ByCaller {
			h.States = slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(h.States), o.States...))))
		}
		if o.Receiver != h.Receiver || o.Field != h.Field || o.Param != h.Param {
			h.Receiver, h.Field, h.Param = RecvUnknown, "", 0
		}
	}
	return &h
}

// onReceiver returns what the value a method call is made on holds: its
// type's, the value it was made from, or the values the package stores in
// the field it is read from, when they all agree. A field that an exported
// constructor sets from its parameter holds what the constructor's callers
// give it: the field is returned (see fieldName), for them to tell.
func (b *builder) onReceiver(call *ast.CallExpr) (Receiver, string) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return RecvUnknown, ""
	}
	if _, ok := b.pass.TypesInfo.Selections[sel]; !ok {
		return RecvUnknown, "" // a package-qualified function: it runs on its arguments
	}
	if r := ValueReceiver(b.pass, sel.X); r != RecvUnknown {
		return r, ""
	}
	fsel, ok := ast.Unparen(sel.X).(*ast.SelectorExpr)
	if !ok {
		return RecvUnknown, ""
	}
	field, ok := b.pass.TypesInfo.Uses[fsel.Sel].(*types.Var)
	if !ok || !field.IsField() || field.Pkg() != b.pass.Pkg {
		return RecvUnknown, ""
	}
	if setByCallers(b.pass, field) {
		if name := b.fieldName(fsel, field); name != "" && b.ctorParams(field) != nil {
			return RecvUnknown, name
		}
		return RecvUnknown, ""
	}
	return b.fieldReceiver(field), ""
}

// fieldReceiver returns what every value the package stores in a field
// holds (a composite literal's element, an assignment), when they agree
// and are known; a field set out of sight is unknown.
func (b *builder) fieldReceiver(field *types.Var) Receiver {
	info := b.pass.TypesInfo
	kind, seen := RecvUnknown, false
	agree := func(e ast.Expr) {
		r := ValueReceiver(b.pass, e)
		if !seen {
			kind, seen = r, true
		} else if r != kind {
			kind = RecvUnknown
		}
	}
	for _, f := range b.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				st, ok := info.TypeOf(n).Underlying().(*types.Struct)
				if !ok {
					return true
				}
				for i, el := range n.Elts {
					if kv, ok := el.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && info.Uses[id] == field {
							agree(kv.Value)
						}
					} else if i < st.NumFields() && st.Field(i) == field {
						agree(el)
					}
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && info.Uses[s.Sel] == field {
						if len(n.Lhs) == len(n.Rhs) {
							agree(n.Rhs[i])
						} else {
							agree(nil)
						}
					}
				}
			}
			return true
		})
	}
	if !seen {
		return RecvUnknown
	}
	return kind
}

// sameOperand reports whether two method calls are made on the same
// expression (w.queries.Update(...) twice), written alike.
func sameOperand(a, b *ast.CallExpr) bool {
	sa, ok1 := ast.Unparen(a.Fun).(*ast.SelectorExpr)
	sb, ok2 := ast.Unparen(b.Fun).(*ast.SelectorExpr)
	return ok1 && ok2 && types.ExprString(sa.X) == types.ExprString(sb.X)
}
