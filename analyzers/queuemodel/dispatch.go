package queuemodel

import (
	"cmp"
	"go/ast"
	"go/types"
	"path"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// Calls through interfaces.
//
// A call of a method of one of the module's named interfaces (a Store, a
// Repository, sqlc's Querier) stands for the module's non-test
// implementations of that method. The package that makes the call rarely
// sees them: worker calls queue.Store, and only main imports both worker
// and the postgres package that implements it. So the Jobs fact keeps such
// a call as it is, a Dispatch, and each package that asks what a call does
// resolves its dispatches against the implementations it knows of: its
// own, and those its dependencies know of, through the Implements fact.
//
// A package lists an implementation when it sees both the type and the
// interface: each is in the package, or exported by a package of the module
// it imports. Only facts of direct imports are read (each re-exports those
// of its own imports), so go vet and the standalone driver, which decode a
// dependency's facts and types differently, see the same implementations.
//
// A resolved method does what every implementation does (the flags are
// their intersection): the findings that read them need it whichever
// implementation runs (a command that starts a claim loop without SIGTERM
// handling, a bookkeeping write whose error stops the worker). An
// implementation that does nothing the tool can see (an in-memory queue,
// dynamic SQL) makes the method claim nothing, and a method with no
// implementation in sight stays unknown: silent, never guessed. Beside
// the intersection, MayClaims and MayLoop say that some implementations
// claim and each of the others works on a store out of sight (Impl.Opaque:
// a Spanner or MongoDB client): sigterm reads them, as a command run with
// the PostgreSQL store is killed mid-job all the same; the other rules,
// which report a statement's consequences, read the intersection only.
//
// Where the code shows which concrete types the receiver may hold (the
// value was converted from a concrete type in sight, or returned by a
// constructor whose package exports the types its result may hold; see
// effects.ReceiverTypes), the call stands for those types' methods only:
// a command that makes the PostgreSQL queue and never the in-memory one
// runs the PostgreSQL claim loop. Where it does not (the receiver is a
// parameter, or a field of an imported package set out of sight), every
// implementation in sight counts. That is sound enough to report on
// because a flag survives only when every implementation has it, and
// because the implementations in sight are every one that can run where
// it matters most: a command imports, directly or not, every package
// whose values it runs, and the Implements facts travel along those
// imports. What can still run unseen is a type of another module (a
// library's), one declared in a test file, or one a package makes without
// seeing the interface it is converted to: the tool does not look for
// those, and a method none of whose implementations is in sight stays
// unknown.

// A Dispatch is a call of a method of one of the module's named interfaces.
type Dispatch struct {
	Pkg    string // the import path of the interface's package
	Iface  string // the interface's type name
	Method string
	// Types, when not empty, lists the concrete types the receiver may
	// hold (sorted, comma-separated, as effects names them): the call
	// stands for their methods only.
	Types  string
	InLoop bool // the call sits in a loop (of the caller or of a caller in between)
}

func (d Dispatch) String() string {
	s := "calls " + path.Base(d.Pkg) + "." + d.Iface + "." + d.Method
	if d.Types != "" {
		var names []string
		for _, t := range strings.Split(d.Types, ",") {
			names = append(names, path.Base(t))
		}
		s += " on " + strings.Join(names, " or ")
	}
	if d.InLoop {
		s += " in a loop"
	}
	return s
}

func (d Dispatch) key() Dispatch { d.InLoop = false; return d }

func compareDispatch(a, b Dispatch) int {
	return cmp.Or(cmp.Compare(a.Pkg, b.Pkg), cmp.Compare(a.Iface, b.Iface), cmp.Compare(a.Method, b.Method), cmp.Compare(a.Types, b.Types))
}

// mergeDispatches adds o's dispatches to ds, in a loop when inLoop, and
// keeps the list sorted with one entry per method (in a loop if any is).
func mergeDispatches(ds, o []Dispatch, inLoop bool) []Dispatch {
	if len(o) == 0 {
		return ds
	}
	out := slices.Clone(ds)
	for _, d := range o {
		d.InLoop = d.InLoop || inLoop
		i, found := slices.BinarySearchFunc(out, d, compareDispatch)
		switch {
		case !found:
			out = slices.Insert(out, i, d)
		case d.InLoop:
			out[i].InLoop = true
		}
	}
	return out
}

// dispatch reports whether a call of fn calls a method of one of the
// module's named interfaces (not one of the database interfaces whose
// calls are SQL call sites, such as sqlc's DBTX).
func (g *callGraph) dispatch(call *ast.CallExpr, fn *types.Func) (Dispatch, bool) {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return Dispatch{}, false
	}
	named, ok := types.Unalias(recv.Type()).(*types.Named)
	if !ok || named.TypeParams().Len() > 0 || named.Obj().Pkg() == nil || named.Obj().Parent() != named.Obj().Pkg().Scope() {
		return Dispatch{}, false
	}
	if !effects.InModule(g.pass, named.Obj().Pkg()) {
		return Dispatch{}, false
	}
	if _, ok := classifyMethod(g.pass, call); ok {
		return Dispatch{}, false
	}
	return Dispatch{Pkg: named.Obj().Pkg().Path(), Iface: named.Obj().Name(), Method: fn.Name()}, true
}

// resolveCalls fills resolved: what each call of the package does, with
// its dispatches resolved.
func (g *callGraph) resolveCalls() {
	summaries := map[*ast.CallExpr]*Jobs{}
	var pending []Dispatch
	for _, f := range g.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				j := g.callee(call)
				if v := g.valuesRun(call); v != nil {
					// It hands a claim to a function that runs it.
					w := &Jobs{}
					if j != nil {
						w.merge(j, false)
						w.Writes, w.Returns = j.Writes && !v.Claims, j.Returns && !v.Claims
					}
					w.merge(v, false)
					j = w
				}
				if j != nil && (len(j.RunsLoop) > 0 || len(j.RunsOnce) > 0) {
					// Which parameters the callee runs is its own
					// business: the call does what the values it
					// hands over do (above), and nothing if none claims.
					c := *j
					c.RunsLoop, c.RunsOnce = nil, nil
					j = &c
					if c.empty() {
						j = nil
					}
				}
				if j != nil {
					summaries[call] = j
					pending = append(pending, j.Through...)
				}
			}
			return true
		})
	}
	methods := g.resolveDispatches(pending)
	for call, j := range summaries {
		r := resolve(j, methods)
		if g.isDispatch(call) {
			// The call is the interface method itself: it writes an
			// outcome when its implementations do, as a call of one of
			// them would.
			if m := methods[j.Through[0].key()]; m != nil && len(m.impls) > 0 && m.does.Writes && !r.Claims {
				w := *r
				w.Writes = true
				r = &w
			}
			// It passes on a write's error when every implementation
			// does.
			if m := methods[j.Through[0].key()]; m != nil && len(m.impls) > 0 && m.does.Passes != 0 && !r.Claims {
				w := *r
				w.Passes = m.does.Passes
				r = &w
			}
		}
		g.resolved[call] = r
	}
}

// isDispatch reports whether a call is itself a call of a method of one of
// the module's interfaces.
func (g *callGraph) isDispatch(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return false
	}
	_, ok = g.dispatch(call, fn)
	return ok
}

// A method is what a dispatched interface method stands for.
type method struct {
	impls  []*Jobs // what each implementation does, unresolved; nil entries do nothing known
	opaque []bool  // per implementation: it works on a store out of sight (see Impl.Opaque)
	does   Jobs    // their resolved intersection
	may    mayFlags
}

// mayFlags say what a method does with some of its implementations when
// each of the others does it too or works on a store out of sight: a loop
// over store.FetchPending claims when the store is the PostgreSQL one,
// and nothing in sight says the others (Spanner, MongoDB) do not.
type mayFlags struct{ Claims, Loop bool }

// resolveDispatches resolves the methods reachable from the given
// dispatches, their implementations' own dispatches included, to a fixed
// point: a method does what all of its implementations do.
func (g *callGraph) resolveDispatches(pending []Dispatch) map[Dispatch]*method {
	byMethod := map[Dispatch][]Impl{}
	for _, im := range g.impls.Methods {
		byMethod[im.key()] = append(byMethod[im.key()], im)
	}
	methods := map[Dispatch]*method{}
	var keys []Dispatch
	for len(pending) > 0 {
		d := pending[0].key()
		pending = pending[1:]
		if methods[d] != nil {
			continue
		}
		m := &method{}
		for _, im := range implsOf(d, byMethod) {
			m.impls = append(m.impls, im.Jobs)
			m.opaque = append(m.opaque, im.Opaque)
			if im.Jobs != nil {
				pending = append(pending, im.Jobs.Through...)
			}
		}
		methods[d] = m
		keys = append(keys, d)
	}
	slices.SortFunc(keys, compareDispatch)
	// From nothing up: the flags only grow, so the fixed point is the
	// same whatever the order (recursion through interfaces included).
	for changed := true; changed; {
		changed = false
		for _, k := range keys {
			m := methods[k]
			if len(m.impls) == 0 {
				continue // no implementation in sight: unknown
			}
			var does Jobs
			someClaims, someLoop, noneClaimless, noneLoopless := false, false, true, true
			for i, impl := range m.impls {
				r := Jobs{}
				if impl != nil {
					r = resolve(impl, methods).flags()
				}
				claims, loop := r.Claims || r.MayClaims, r.Loop || r.MayLoop
				someClaims, someLoop = someClaims || claims, someLoop || loop
				noneClaimless = noneClaimless && (claims || m.opaque[i])
				noneLoopless = noneLoopless && (loop || m.opaque[i])
				if i == 0 {
					does = r
					continue
				}
				does.Claims = does.Claims && r.Claims
				does.Takes = does.Takes && r.Takes
				does.Loop = does.Loop && r.Loop
				does.Completes = does.Completes && r.Completes
				does.Fails = does.Fails && r.Fails
				does.Writes = does.Writes && r.Writes
				does.Passes = does.Passes & r.Passes
			}
			does.MayClaims, does.MayLoop = false, false
			may := mayFlags{Claims: someClaims && noneClaimless, Loop: someLoop && noneLoopless}
			if !does.equal(&m.does) || may != m.may {
				m.does, m.may = does, may
				changed = true
			}
		}
	}
	return methods
}

// implsOf returns the implementations a dispatch stands for: every one in
// sight that the program runs against PostgreSQL (see programImpls), or,
// when the receiver's concrete types are known, theirs; none when one of
// those is not in sight (what it does is unknown).
func implsOf(d Dispatch, byMethod map[Dispatch][]Impl) []Impl {
	all := byMethod[Dispatch{Pkg: d.Pkg, Iface: d.Iface, Method: d.Method}]
	if d.Types == "" {
		return programImpls(all)
	}
	var out []Impl
	for _, t := range strings.Split(d.Types, ",") {
		i := slices.IndexFunc(all, func(im Impl) bool { return im.TypePkg+"."+im.Type == t })
		if i < 0 {
			return nil
		}
		out = append(out, all[i])
	}
	return out
}

func (j Jobs) flags() Jobs { j.Through = nil; return j }

// resolve returns what j does with its dispatches replaced by what the
// methods they call do.
func resolve(j *Jobs, methods map[Dispatch]*method) *Jobs {
	if len(j.Through) == 0 {
		return j
	}
	out := j.flags()
	for _, d := range j.Through {
		if m := methods[d.key()]; m != nil && len(m.impls) > 0 {
			does := m.does
			out.merge(&does, d.InLoop)
			out.MayClaims = out.MayClaims || m.may.Claims
			out.MayLoop = out.MayLoop || m.may.Loop || d.InLoop && m.may.Claims
		}
	}
	out.Writes = j.Writes && !out.Claims
	// The error of an interface method it passes on is what the
	// method's implementations all pass on.
	for _, d := range j.PassesThrough {
		if m := methods[d.key()]; m != nil && len(m.impls) > 0 && !out.Claims {
			out.Passes |= m.does.Passes
		}
	}
	out.PassesThrough = nil
	return &out
}

// Implements is the package fact listing the implementations of the
// module's interface methods that the package and its dependencies
// declare.
type Implements struct {
	Methods []Impl // sorted
}

// An Impl is a method of a named type that implements an interface method.
type Impl struct {
	Pkg, Iface, Method string // the interface method, as in a Dispatch
	TypePkg, Type      string // the implementing type
	Jobs               *Jobs  // what the method does, unresolved; nil when nothing known
	Half               *Half  // the half of a claim the method is, if it is one
	// Opaque says the method works on a store the tool does not read: it
	// calls, with a context, a package of another module (a Spanner,
	// MongoDB or Redis client). Set by the package that declares the
	// method; false when that package does not list it.
	Opaque bool
	// InMemory says the method keeps its data in the process (a map
	// behind a mutex: the store tests and local runs use), as inMemory
	// tells. Set by the declaring package, like Opaque.
	InMemory bool
	// NotPostgres, when not empty, says why the program does not run the
	// method against PostgreSQL: "a test double", "another engine's" or
	// "unsupported" (see programImpls). Set from the names of the type
	// and its package by every package that lists it, and from the body
	// by the declaring package (the NotPostgres fact).
	NotPostgres string
}

func (*Implements) AFact() {}

func (f *Implements) String() string {
	var parts []string
	for _, im := range f.Methods {
		parts = append(parts, path.Base(im.TypePkg)+"."+im.Type+"."+im.Method+" implements "+path.Base(im.Pkg)+"."+im.Iface)
	}
	return "implements(" + strings.Join(parts, ", ") + ")"
}

func (im Impl) key() Dispatch { return Dispatch{Pkg: im.Pkg, Iface: im.Iface, Method: im.Method} }

func compareImpl(a, b Impl) int {
	return cmp.Or(compareDispatch(a.key(), b.key()), cmp.Compare(a.TypePkg, b.TypePkg), cmp.Compare(a.Type, b.Type))
}

// findImplementations lists the implementations of the module's interfaces
// that the package knows of: those its direct imports list, and those it
// sees itself, among its own types and the exported types of the module
// packages it imports, of the interfaces it or those packages declare.
// Only what go vet and the standalone driver both see completely counts: a
// package's own source, and the exported API of its direct imports.
func (g *callGraph) findImplementations() {
	var out []Impl
	imports := slices.Clone(g.pass.Pkg.Imports())
	slices.SortFunc(imports, func(a, b *types.Package) int { return cmp.Compare(a.Path(), b.Path()) })
	ifaces := g.moduleInterfaces(imports)
	for _, tn := range g.moduleTypes(imports) {
		// A type implements an interface only if *T's method set names
		// every method of it: a map lookup spares most types.Implements
		// calls, which a package importing a large generated API makes by
		// the million.
		names := methodNames(tn)
		if len(names) == 0 {
			continue
		}
		ptr := types.NewPointer(tn.Type())
		for _, iface := range ifaces {
			it := iface.Type().Underlying().(*types.Interface)
			if !namesAll(names, it) {
				continue
			}
			for _, t := range []types.Type{tn.Type(), ptr} {
				if !types.Implements(t, it) {
					continue
				}
				for i := 0; i < it.NumMethods(); i++ {
					name := it.Method(i).Name()
					im := Impl{Pkg: iface.Pkg().Path(), Iface: iface.Name(), Method: name, TypePkg: tn.Pkg().Path(), Type: tn.Name()}
					if fn, ok := lookupMethod(t, tn.Pkg(), name); ok {
						im.Jobs = g.funcJobs(fn)
						im.Half = g.halfOf(fn)
						im.Opaque = g.opaque(fn)
						im.InMemory = inMemory(g.pass, g.decls, fn, map[*types.Func]bool{})
						im.NotPostgres = g.notPostgres(tn, fn)
					} else {
						im.NotPostgres = namedNotPostgres(g.pass, tn)
					}
					out = append(out, im)
				}
				break
			}
		}
	}
	// Each import's list is sorted and compact already, and they share
	// most entries (a generated Querier's, through every import): merged
	// one by one, they cost what they hold, not a sort of them all.
	methods := compactImpls(out)
	for _, imp := range imports {
		var f Implements
		if g.pass.ImportPackageFact(imp, &f) {
			methods = mergeImpls(methods, f.Methods)
		}
	}
	g.impls = &Implements{Methods: methods}
}

// compactImpls sorts a list of implementations and keeps one entry per
// method and type, the first in the list combined with the others (see
// combineImpl). The same method may be listed twice: by an import's fact
// and from the exported type here.
func compactImpls(list []Impl) []Impl {
	slices.SortStableFunc(list, compareImpl)
	var out []Impl
	for _, im := range list {
		if n := len(out); n > 0 && compareImpl(out[n-1], im) == 0 {
			out[n-1] = combineImpl(out[n-1], im)
			continue
		}
		out = append(out, im)
	}
	return out
}

// mergeImpls merges two sorted, compact lists into one; an entry in both
// lists is a's, with what b's says added (see combineImpl).
func mergeImpls(a, b []Impl) []Impl {
	out := make([]Impl, 0, max(len(a), len(b)))
	for len(a) > 0 && len(b) > 0 {
		switch c := compareImpl(a[0], b[0]); {
		case c < 0:
			out, a = append(out, a[0]), a[1:]
		case c > 0:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, combineImpl(a[0], b[0])), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// combineImpl returns first, the entry met first for a method and type,
// with what a second entry for them adds: only the declaring package,
// which has the method's body, can tell that it is opaque or in memory.
func combineImpl(first, second Impl) Impl {
	first.Opaque = first.Opaque || second.Opaque
	first.InMemory = first.InMemory || second.InMemory
	first.NotPostgres = cmp.Or(first.NotPostgres, second.NotPostgres)
	return first
}

// namesAll reports whether names holds the name of every method of it.
func namesAll(names map[string]bool, it *types.Interface) bool {
	for i := range it.NumMethods() {
		if !names[it.Method(i).Name()] {
			return false
		}
	}
	return true
}

// halfOf returns the half of a claim a method is: the package's own, or
// what an imported package exports on it.
func (g *callGraph) halfOf(fn *types.Func) *Half {
	if h := g.halves[fn]; h != nil {
		return h
	}
	var h Half
	if fn.Pkg() != g.pass.Pkg && g.pass.ImportObjectFact(fn.Origin(), &h) {
		return &h
	}
	return nil
}

// moduleTypes returns the candidate implementations: the package's named
// types and the exported ones of the module's packages it imports, neither
// interfaces nor generic nor declared in a test file.
func (g *callGraph) moduleTypes(imports []*types.Package) []*types.TypeName {
	var out []*types.TypeName
	for _, p := range append([]*types.Package{g.pass.Pkg}, imports...) {
		if p != g.pass.Pkg && !effects.InModule(g.pass, p) {
			continue
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || isGeneric(tn.Type()) ||
				(p != g.pass.Pkg && !tn.Exported()) ||
				strings.HasSuffix(g.pass.Fset.Position(tn.Pos()).Filename, "_test.go") {
				continue
			}
			out = append(out, tn)
		}
	}
	return out
}

func lookupMethod(t types.Type, pkg *types.Package, name string) (*types.Func, bool) {
	obj, _, _ := types.LookupFieldOrMethod(t, false, pkg, name)
	fn, ok := obj.(*types.Func)
	return fn, ok
}

// moduleInterfaces returns the named, non-generic interfaces with methods
// that the package declares, and the exported ones of the module's
// packages it imports.
func (g *callGraph) moduleInterfaces(imports []*types.Package) []*types.TypeName {
	var out []*types.TypeName
	for _, p := range append([]*types.Package{g.pass.Pkg}, imports...) {
		if !effects.InModule(g.pass, p) {
			continue
		}
		var wired map[*types.TypeName]bool
		if p != g.pass.Pkg {
			wired = apiNamed(p)
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || isGeneric(tn.Type()) || (p != g.pass.Pkg && !tn.Exported() && !wired[tn]) {
				continue
			}
			if it, ok := tn.Type().Underlying().(*types.Interface); ok && it.NumMethods() > 0 {
				out = append(out, tn)
			}
		}
	}
	return out
}

// apiNamed returns the unexported named types of a package that its
// exported API names as they are: the type of a parameter or result of an
// exported function or of an exported method of an exported type, or of
// an exported field of an exported struct type. An importer can hand such
// an interface a value (worker.New(store runStore)): its methods stand for
// the implementations the importer wires. go vet's export data holds every
// type the API names (an unexported type the API does not name may be
// missing from it), so go vet and the standalone driver see the same ones.
func apiNamed(p *types.Package) map[*types.TypeName]bool {
	out := map[*types.TypeName]bool{}
	add := func(t types.Type) {
		if ptr, ok := t.(*types.Pointer); ok {
			t = ptr.Elem()
		}
		if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() == p && !n.Obj().Exported() {
			out[n.Obj()] = true
		}
	}
	sig := func(s *types.Signature) {
		for i := range s.Params().Len() {
			add(s.Params().At(i).Type())
		}
		for i := range s.Results().Len() {
			add(s.Results().At(i).Type())
		}
	}
	for _, name := range p.Scope().Names() {
		obj := p.Scope().Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch obj := obj.(type) {
		case *types.Func:
			sig(obj.Type().(*types.Signature))
		case *types.TypeName:
			n, ok := obj.Type().(*types.Named)
			if !ok {
				continue
			}
			for i := range n.NumMethods() {
				if m := n.Method(i); m.Exported() {
					sig(m.Type().(*types.Signature))
				}
			}
			if st, ok := n.Underlying().(*types.Struct); ok {
				for i := range st.NumFields() {
					if f := st.Field(i); f.Exported() {
						add(f.Type())
					}
				}
			}
		}
	}
	return out
}

func isGeneric(t types.Type) bool {
	named, ok := t.(*types.Named)
	return !ok || named.TypeParams().Len() > 0
}

// exportImplementations publishes what the package knows of
// implementations; a command's, which nothing imports, is kept to itself.
func (g *callGraph) exportImplementations() {
	if len(g.impls.Methods) > 0 && g.pass.Pkg.Name() != "main" {
		g.pass.ExportPackageFact(g.impls)
	}
	g.exportNotPostgres()
}

// opaque reports whether a method of the package works on a store out of
// the tool's sight: its body calls, with a context.Context, a function of
// a package outside the module and the standard library. An in-memory
// implementation calls nothing of the kind.
func (g *callGraph) opaque(fn *types.Func) bool {
	decl := g.decls[fn]
	if decl == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || found {
			return !found
		}
		callee, ok := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
		if !ok || callee.Pkg() == nil || !takesContext(g.pass.TypesInfo, call) {
			return true
		}
		p := callee.Pkg()
		first, _, _ := strings.Cut(p.Path(), "/")
		found = strings.Contains(first, ".") && !effects.InModule(g.pass, p)
		return !found
	})
	return found
}

// inMemory reports whether a method of the package touches no database: its
// body, and the bodies of the package's functions it calls, call no
// database API (database/sql, a driver, an ORM) and pass a context to no
// call but those functions'. A store kept in a map behind a mutex is one;
// a method that runs SQL, dynamic or not, or hands its context to a
// client of another module is not.
func inMemory(pass *analysis.Pass, decls map[*types.Func]*ast.FuncDecl, fn *types.Func, seen map[*types.Func]bool) bool {
	decl := decls[fn]
	if decl == nil || decl.Body == nil {
		return false
	}
	if seen[fn] {
		return true
	}
	seen[fn] = true
	ok := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		call, isCall := n.(*ast.CallExpr)
		if !ok || !isCall {
			return ok
		}
		callee, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		switch {
		case callee != nil && callee.Pkg() == pass.Pkg && decls[callee] != nil:
			ok = inMemory(pass, decls, callee, seen)
		case callee != nil && callee.Pkg() != nil && databaseAPI(callee.Pkg().Path()):
			ok = false
		case takesContext(pass.TypesInfo, call):
			ok = false
		}
		return ok
	})
	return ok
}

// funcDecls indexes the package's function declarations that have a body.
func funcDecls(pass *analysis.Pass) map[*types.Func]*ast.FuncDecl {
	out := map[*types.Func]*ast.FuncDecl{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					out[fn] = decl
				}
			}
		}
	}
	return out
}

// databaseAPI reports whether an import path is database/sql's or a
// database library's.
func databaseAPI(path string) bool {
	return path == "database/sql" || strings.HasPrefix(path, "gorm.io/") || effects.DatabaseLibrary(path)
}

// takesContext reports whether a call passes a context.Context.
func takesContext(info *types.Info, call *ast.CallExpr) bool {
	return slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		named, ok := types.Unalias(info.TypeOf(a)).(*types.Named)
		return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
	})
}

// DispatchOf reports whether a call of the package calls a method of one
// of the module's interfaces, and which (see Dispatch).
func (m *Model) DispatchOf(call *ast.CallExpr) (Dispatch, bool) { return m.loops.dispatchOf(call) }

// Dispatched returns what a method of one of the module's interfaces
// does with every implementation the package knows of (their
// intersection, as a call of it resolves: see resolveDispatches); false
// when the package knows of none.
func (m *Model) Dispatched(d Dispatch) (Jobs, bool) {
	methods := m.loops.resolveDispatches([]Dispatch{d.key()})
	if mm := methods[d.key()]; mm != nil && len(mm.impls) > 0 {
		return mm.does.flags(), true
	}
	return Jobs{}, false
}
