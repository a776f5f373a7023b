package queuemodel

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/sqlcheck"
)

// Statements whose protection is at their callers.
//
// sqlc's methods run on what their caller gives them: a DBTX parameter
// (emit_methods_with_db_argument), or the db field of a Queries the caller
// made with New(pool) or q.WithTx(tx). Whether such a claim is serialised
// by an advisory lock, or held in a transaction through the work, is
// decided where it is called, usually in another package. In vet mode a
// package never sees its importers, so a rule that would report such a
// statement hands it on instead: the package exports a fact on the
// function (a Deferred finding per statement), and each package that calls
// the function judges its own calls. A function with callers in its own
// package is judged there, as before; one that no package calls is never
// judged (see DeferredTo).

// A Deferred is a finding about a statement of a function whose receiver
// the callers choose, handed on to them.
type Deferred struct {
	Func    string // the function, as a reader finds it: database.(*Queries).FetchJob
	At      string // where the statement is written, relative to the module root: internal/database/jobs.sql.go:33
	File    string // the statement's file, as the pass named it, and its byte offset: the related position at the call
	Offset  int
	DB      int    // the parameter that carries the database value; -1 for a field of the method's receiver (q.db)
	Message string // the finding, as the function's package would report it
	// Fails and Records name the functions of the claim's package (as
	// FuncName does, with the interface methods they implement) whose
	// statements record a failure of a job of the claim's table, and
	// any of its outcomes (a success, a failure, a retry): a caller that
	// records the failure before the take and nothing after it ran the
	// work before the take (see lease's judgeCall).
	Fails, Records []string
}

// Same reports whether two deferred findings are one.
func (d Deferred) Same(o Deferred) bool {
	return d.Func == o.Func && d.At == o.At && d.File == o.File && d.Offset == o.Offset && d.DB == o.DB && d.Message == o.Message &&
		slices.Equal(d.Fails, o.Fails) && slices.Equal(d.Records, o.Records)
}

// Pending is the fact that a function holds findings of one rule about
// statements whose protection is at its callers. A fact type belongs to
// one analyzer: each rule that hands findings on instantiates Pending with
// a type of its own (Pending[claimrace.rule]), and shares the rest.
type Pending[Rule any] struct {
	Claims []Deferred
}

func (*Pending[Rule]) AFact() {}

func (p *Pending[Rule]) String() string {
	var at []string
	for _, c := range p.Claims {
		at = append(at, c.At)
	}
	return "pending claims(" + strings.Join(at, ", ") + ")"
}

// A Handoff collects a rule's findings that its package hands on to the
// callers of their functions, and judges the package's calls of functions
// whose findings other packages handed on.
type Handoff[Rule any] struct {
	pass    *analysis.Pass
	m       *Model
	pending map[*types.Func][]Deferred
}

// NewHandoff starts a rule's handoff for a pass.
func NewHandoff[Rule any](pass *analysis.Pass, m *Model) *Handoff[Rule] {
	return &Handoff[Rule]{pass: pass, m: m, pending: map[*types.Func][]Deferred{}}
}

// Defer hands a finding about st on to the callers of its function, when
// they choose what it runs on (see DeferredTo); it reports whether it did.
func (h *Handoff[Rule]) Defer(st *Statement, msg string) bool {
	fn, db, ok := h.m.DeferredTo(h.pass, st.Call)
	if !ok {
		return false
	}
	d := h.m.Defer(h.pass, fn, db, st, msg)
	for _, f := range append([]*types.Func{fn}, InterfaceMethods(h.pass, fn)...) {
		h.pending[f] = append(h.pending[f], d)
	}
	return true
}

// Finish exports the package's pending findings, then calls judge for each
// call, outside test files, of another package's function with pending
// findings, once per finding, in the order of the package's syntax.
func (h *Handoff[Rule]) Finish(judge func(call *ast.CallExpr, d Deferred)) {
	for fn, ds := range h.pending {
		h.pass.ExportObjectFact(fn, &Pending[Rule]{Claims: ds})
	}
	for cur := range h.m.Inspector().Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn := Callee(h.pass, call)
		if fn == nil || fn.Pkg() == h.pass.Pkg {
			continue
		}
		var p Pending[Rule]
		if !h.pass.ImportObjectFact(fn, &p) || InTestFile(h.pass, call.Pos()) {
			continue
		}
		for _, d := range p.Claims {
			judge(call, d)
		}
	}
}

// DeferredTo returns the function a call's SQL runs in when that function's
// callers choose what it runs on, and which of its values carries it (see
// Deferred.DB): the call's receiver is an interface (sqlc's DBTX) that is a
// parameter of the function, or a field of its receiver that an exported
// function of the package sets from a parameter (New(db), WithTx(tx)); the
// function can be called from other packages (exported, or a method of an
// exported interface of the package); and nothing in its own package calls
// it, so that its package cannot judge its calls. A function no package
// calls is then judged nowhere: in vet mode a package cannot know whether
// an importer calls it, and a claim in code nothing runs races with nothing.
func (m *Model) DeferredTo(pass *analysis.Pass, c *Call) (*types.Func, int, bool) {
	if c.Receiver != RecvUnknown || c.Via != nil || c.Decl == nil || c.Func != ast.Node(c.Decl) {
		return nil, 0, false
	}
	fn, ok := pass.TypesInfo.Defs[c.Decl.Name].(*types.Func)
	if !ok || !fn.Exported() || !callableElsewhere(pass, fn) || calledInPackage(pass, fn) {
		return nil, 0, false
	}
	sel, ok := ast.Unparen(c.Expr.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil, 0, false
	}
	sig := fn.Type().(*types.Signature)
	switch x := ast.Unparen(sel.X).(type) {
	case *ast.Ident:
		v := pass.TypesInfo.Uses[x]
		for i := 0; i < sig.Params().Len(); i++ {
			if sig.Params().At(i) == v {
				return fn, i, true
			}
		}
	case *ast.SelectorExpr:
		recv, ok := ast.Unparen(x.X).(*ast.Ident)
		field, isVar := pass.TypesInfo.Uses[x.Sel].(*types.Var)
		if ok && isVar && field.IsField() && sig.Recv() != nil && pass.TypesInfo.Uses[recv] == sig.Recv() && setByCallers(pass, field) {
			return fn, -1, true
		}
	}
	return nil, 0, false
}

// Defer describes a finding about st, in the function fn whose callers
// choose its database value db, for the packages that call fn.
func (m *Model) Defer(pass *analysis.Pass, fn *types.Func, db int, st *Statement, msg string) Deferred {
	p := pass.Fset.Position(st.Pos())
	at := p.Filename
	if rel, err := filepath.Rel(m.schema.root, p.Filename); err == nil && m.schema.root != "" && filepath.IsLocal(rel) {
		at = filepath.ToSlash(rel)
	}
	return Deferred{
		Func:    FuncName(fn),
		At:      fmt.Sprintf("%s:%d", at, p.Line),
		File:    p.Filename,
		Offset:  p.Offset,
		DB:      db,
		Message: msg,
		Fails:   m.writersOf(pass, st, RoleFail),
		Records: m.writersOf(pass, st, RoleComplete, RoleFail, RoleRetry),
	}
}

// writersOf names the package's functions that run a statement of one of
// roles on st's table, and the interface methods they implement.
func (m *Model) writersOf(pass *analysis.Pass, st *Statement, roles ...Role) []string {
	var out []string
	for _, c := range m.Calls {
		if c.Decl == nil || c.Func != ast.Node(c.Decl) {
			continue
		}
		for _, w := range c.Stmts {
			if w.Table != st.Table || !slices.Contains(roles, w.Role) {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[c.Decl.Name].(*types.Func); ok {
				for _, f := range append([]*types.Func{fn}, InterfaceMethods(pass, fn)...) {
					out = append(out, FuncName(f))
				}
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// RelatedPos returns the position of a deferred finding's statement in
// this pass's file set.
func (m *Model) RelatedPos(d Deferred) token.Pos {
	return m.Pos(sqlcheck.Loc{File: d.File, Offset: d.Offset})
}

// FuncName names a function as a reader finds it: pkg.Func, pkg.(*T).Method.
func FuncName(fn *types.Func) string {
	name := fn.Name()
	if recv := fn.Type().(*types.Signature).Recv(); recv != nil {
		t, ptr := recv.Type(), ""
		if p, ok := t.(*types.Pointer); ok {
			t, ptr = p.Elem(), "*"
		}
		if n, ok := types.Unalias(t).(*types.Named); ok {
			name = "(" + ptr + n.Obj().Name() + ")." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// callableElsewhere reports whether another package can call fn: a
// function, or a method of an exported type or of an exported interface
// of the package that the type implements.
func callableElsewhere(pass *analysis.Pass, fn *types.Func) bool {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return true
	}
	if n := namedOf(recv.Type()); n != nil && n.Obj().Exported() {
		return true
	}
	return len(InterfaceMethods(pass, fn)) > 0
}

// InterfaceMethods returns the methods of the package's exported
// interfaces that fn, a method, implements (sqlc's Querier): other packages
// call fn through them.
func InterfaceMethods(pass *analysis.Pass, fn *types.Func) []*types.Func {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return nil
	}
	var out []*types.Func
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || !tn.Exported() {
			continue
		}
		iface, ok := tn.Type().Underlying().(*types.Interface)
		if !ok || !types.Implements(recv.Type(), iface) {
			continue
		}
		for i := 0; i < iface.NumMethods(); i++ {
			if m := iface.Method(i); m.Name() == fn.Name() && m.Pkg() == pass.Pkg {
				out = append(out, m)
			}
		}
	}
	return out
}

func namedOf(t types.Type) *types.Named {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, _ := types.Unalias(t).(*types.Named)
	return n
}

// calledInPackage reports whether the package's non-test code refers to
// fn anywhere but in its declaration: a call, or a method value.
func calledInPackage(pass *analysis.Pass, fn *types.Func) bool {
	for id, obj := range pass.TypesInfo.Uses {
		if obj == fn && !InTestFile(pass, id.Pos()) {
			return true
		}
	}
	return false
}

// InTestFile reports whether pos is in a _test.go file. A test runs a
// function to check it, not as the program runs it: its calls neither
// keep a claim in its package nor are judged as the claim's callers.
func InTestFile(pass *analysis.Pass, pos token.Pos) bool {
	return strings.HasSuffix(pass.Fset.Position(pos).Filename, "_test.go")
}

// setByCallers reports whether an exported function of the package sets
// field from one of its parameters: &Queries{db: db} in New(db DBTX),
// &Queries{db: tx} in WithTx(tx pgx.Tx).
func setByCallers(pass *analysis.Pass, field *types.Var) bool {
	found := false
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil || !decl.Name.IsExported() {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			params := fn.Type().(*types.Signature).Params()
			isParam := func(e ast.Expr) bool {
				id, ok := ast.Unparen(e).(*ast.Ident)
				if !ok {
					return false
				}
				for i := 0; i < params.Len(); i++ {
					if pass.TypesInfo.Uses[id] == params.At(i) {
						return true
					}
				}
				return false
			}
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.KeyValueExpr:
					if k, ok := n.Key.(*ast.Ident); ok && pass.TypesInfo.Uses[k] == field && isParam(n.Value) {
						found = true
					}
				case *ast.AssignStmt:
					for i, l := range n.Lhs {
						if s, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && pass.TypesInfo.Uses[s.Sel] == field && i < len(n.Rhs) && isParam(n.Rhs[i]) {
							found = true
						}
					}
				}
				return !found
			})
		}
	}
	return found
}

// Calls of functions whose receiver the caller chooses.

// DBValue returns the expression that gives a call of a function its
// database value: the argument db, or for -1 the value the method is
// called on (qtx in qtx.FetchJob(ctx)).
func DBValue(call *ast.CallExpr, db int) ast.Expr {
	if db < 0 {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			return sel.X
		}
		return nil
	}
	if db < len(call.Args) {
		return call.Args[db]
	}
	return nil
}

// Callee returns the function or method a call calls, its generic origin
// for an instance; nil for a call of a function value.
func Callee(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

// EnclosingFunc returns the innermost function (declaration or literal) of
// the package's files that holds pos, and the path to it from its file.
func EnclosingFunc(pass *analysis.Pass, pos token.Pos) (ast.Node, []ast.Node) {
	for _, f := range pass.Files {
		if f.FileStart > pos || pos >= f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, pos, pos)
		for _, n := range path {
			switch n.(type) {
			case *ast.FuncDecl, *ast.FuncLit:
				return n, path
			}
		}
		return nil, path
	}
	return nil, nil
}

// ValueReceiver returns what a database value at a call site is: a
// transaction, a pool, a connection, or unknown. It follows the value
// through calls that wrap one value (q.WithTx(tx), database.New(pool)),
// through a local variable assigned once, and through a parameter of an
// unexported function whose calls in the package all give values of one
// kind (fetchLockedJob(ctx, q.WithTx(tx))).
func ValueReceiver(pass *analysis.Pass, e ast.Expr) Receiver {
	return valueReceiver(pass, e, 0)
}

func valueReceiver(pass *analysis.Pass, e ast.Expr, depth int) Receiver {
	if e == nil || depth > 4 {
		return RecvUnknown
	}
	e = ast.Unparen(e)
	if r := receiverOf(pass.TypesInfo.TypeOf(e)); r != RecvUnknown {
		return r
	}
	if r := receiverOfKind(effectsOf(pass).HandleKind(pass.TypesInfo.TypeOf(e))); r != RecvUnknown {
		return r // a module's type that forwards its statements to a pool
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		if r, ok := gormReceiver(pass, e, depth); ok {
			return r
		}
		if len(e.Args) == 1 {
			return valueReceiver(pass, e.Args[0], depth+1)
		}
	case *ast.Ident:
		v, ok := pass.TypesInfo.Uses[e].(*types.Var)
		if !ok {
			return RecvUnknown
		}
		fn, path := EnclosingFunc(pass, e.Pos())
		if fn == nil {
			return RecvUnknown
		}
		if vals := assignedIn(pass, fn, v); len(vals) == 1 {
			return valueReceiver(pass, vals[0], depth+1)
		}
		return paramReceiver(pass, path, v, depth)
	}
	return RecvUnknown
}

// assignedIn returns the values a function assigns to a variable.
func assignedIn(pass *analysis.Pass, fn ast.Node, v *types.Var) []ast.Expr {
	var vals []ast.Expr
	ast.Inspect(fn, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			return true
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || pass.TypesInfo.ObjectOf(id) != v {
				continue
			}
			if len(as.Lhs) == len(as.Rhs) {
				vals = append(vals, as.Rhs[i])
			} else if call := firstOfGormCall(pass, as, i); call != nil {
				vals = append(vals, call)
			} else {
				vals = append(vals, nil, nil) // one of several results: not followed
			}
		}
		return true
	})
	return vals
}

// paramReceiver returns what the calls of the unexported function
// declared on path give its parameter v, when they all agree.
func paramReceiver(pass *analysis.Pass, path []ast.Node, v *types.Var, depth int) Receiver {
	var decl *ast.FuncDecl
	for _, n := range path {
		if d, ok := n.(*ast.FuncDecl); ok {
			decl = d
		}
	}
	if decl == nil || decl.Name.IsExported() {
		return RecvUnknown
	}
	fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return RecvUnknown
	}
	params := fn.Type().(*types.Signature).Params()
	idx := -1
	for i := 0; i < params.Len(); i++ {
		if params.At(i) == v {
			idx = i
		}
	}
	if idx < 0 {
		return RecvUnknown
	}
	kind, seen := RecvUnknown, false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || Callee(pass, call) != fn {
				return true
			}
			r := RecvUnknown
			if idx < len(call.Args) && !call.Ellipsis.IsValid() {
				r = valueReceiver(pass, call.Args[idx], depth+1)
			}
			if !seen {
				kind, seen = r, true
			} else if kind != r {
				kind = RecvUnknown
			}
			return true
		})
	}
	return kind
}

// Who calls a store's poll.
//
// A relay split over a store's functions (relaySplit) is only a relay
// when some function runs the poll and then the mark: sqlc generates
// a method for every query of a queries file, and an application's
// store keeps methods nothing calls any more. The question "which
// functions of the module call it" is about importers, which facts never
// reach: it is answered from the module's Go files on disk, parsed (not
// type-checked), by the exported names each function's code selects, in
// order (q.ListPending(ctx), s.store.ListPending as a method value; a
// function literal's body counted as a function of its own, as
// joinHalves reads it), leaving out tests (a test calls a function to
// check it) and generated files (a mock's recorder selects every method
// of the interface it mocks). Under go vet and standalone the answer is
// the same, read from the same files, and ModuleKey writes it into the
// tool's ID (see moduleCallersKey), so that adding or removing a caller in
// a package the store does not import never leaves a stale result.
//
// A module with no package main is a library: its exported store is
// called by other modules, which the tool never sees; its polls are
// judged where they are, as before.

// moduleCallers is, for a module, whether it has a command, and the
// exported names each function of its Go files selects, in order.
type moduleCallers struct {
	once    sync.Once
	hasMain bool
	funcs   []funcSelects
	loops   []loopCall          // calls of exported methods and functions, and whether a loop runs them again after an error
	bodies  []funcCalls         // see runsInTurn
	callers map[string][]string // callee -> the names of the functions that call it, ambiguous names left out
}

type funcSelects struct {
	path  string
	names []string
	// looped says, per name, whether it is selected inside a for
	// statement's body (a range over the rows a poll returned).
	looped []bool
}

var callersByRoot sync.Map // module root -> *moduleCallers

func moduleCallersOf(root string) *moduleCallers {
	v, _ := callersByRoot.LoadOrStore(root, new(moduleCallers))
	mc := v.(*moduleCallers)
	mc.once.Do(func() {
		if root == "" {
			return
		}
		fset := token.NewFileSet()
		for _, path := range sqlcheck.GoFiles(root) {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution|parser.ParseComments)
			if err != nil || ast.IsGenerated(f) {
				continue
			}
			if f.Name.Name == "main" {
				mc.hasMain = true
			}
			var walk func(n ast.Node)
			walk = func(n ast.Node) {
				fs := funcSelects{path: path}
				var loops []*ast.BlockStmt
				ast.Inspect(n, func(c ast.Node) bool {
					switch c := c.(type) {
					case *ast.FuncLit:
						if c != n {
							walk(c)
							return false
						}
					case *ast.RangeStmt:
						loops = append(loops, c.Body)
					case *ast.ForStmt:
						loops = append(loops, c.Body)
					case *ast.SelectorExpr:
						if c.Sel.IsExported() {
							fs.names = append(fs.names, c.Sel.Name)
							fs.looped = append(fs.looped, slices.ContainsFunc(loops, func(b *ast.BlockStmt) bool { return b.Pos() <= c.Pos() && c.End() <= b.End() }))
						}
					}
					return true
				})
				if len(fs.names) > 0 {
					mc.funcs = append(mc.funcs, fs)
				}
			}
			for _, d := range f.Decls {
				walk(d)
			}
			mc.loops = append(mc.loops, loopCalls(path, f)...)
			mc.bodies = append(mc.bodies, bodyCalls(path, f)...)
		}
		mc.callers = callerNames(mc.bodies)
	})
	return mc
}

// moduleCallersKey writes what moduleCallersOf reads, for the vet tool's ID.
func moduleCallersKey(w io.Writer, root string) {
	mc := moduleCallersOf(root)
	fmt.Fprintf(w, "main\x00%t\x00", mc.hasMain)
	fmt.Fprintf(w, "closed\x00%t\x00", closedModule(root)) // see Unreached
	for _, f := range mc.funcs {
		fmt.Fprintf(w, "selects\x00%s\x00%s\x00%v\x00", f.path, strings.Join(f.names, "\x00"), f.looped)
	}
	for _, c := range mc.loops {
		fmt.Fprintf(w, "loopcall\x00%s\x00%s\x00%t\x00", c.path, c.name, c.restarts)
	}
	for _, b := range mc.bodies {
		fmt.Fprintf(w, "body\x00%s\x00%s\x00", b.path, b.name)
		for _, st := range b.steps {
			fmt.Fprintf(w, "step\x00%s\x00%s\x00%s\x00", st.callee, strings.Join(st.defs, ","), strings.Join(st.uses, ","))
		}
	}
}

// Where a store's split relay is run from.
type callPlace int

const (
	calledNowhere callPlace = iota // no function of the module calls the poll, or none runs the mark after it
	calledHere                     // the package's own code calls it, or the module is a library, or a function runs the mark after it through other functions (see runsInTurn)
	calledInTurn                   // only other packages call it, and one of their functions selects the poll, then the mark
)

// callersOf says where the module runs poll then mark, functions of the
// package: the package's non-test code calls the poll (through the
// function, or a method of the package's interfaces it implements), or a
// function of another package's files selects the poll's name and, after
// it, the mark's: the function that joins them (joinHalves) and is
// judged as their caller. A poll other packages call with no function
// that selects both is judged where it is when some function of the
// module runs it and then the mark through other functions (a store's
// wrapper, a runner that hands the rows to executors that mark them: see
// runsInTurn); when none does, its callers read the rows for something
// else (a report, a page of an admin API) and it is no relay's. A library
// module (no package main) counts as calling it here: its callers are out
// of sight.
func (b *builder) callersOf(poll, mark *types.Func) callPlace {
	if calledInPackage(b.pass, poll) {
		return calledHere
	}
	for _, m := range InterfaceMethods(b.pass, poll) {
		if calledInPackage(b.pass, m) {
			return calledHere
		}
	}
	mc := moduleCallersOf(b.model.schema.root)
	if !mc.hasMain {
		return calledHere
	}
	if !poll.Exported() {
		return calledNowhere
	}
	own := map[string]bool{}
	for _, f := range b.pass.Files {
		if abs, err := filepath.Abs(b.pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	called := false
	for _, f := range mc.funcs {
		if abs, err := filepath.Abs(f.path); err == nil && own[abs] {
			continue
		}
		first := slices.Index(f.names, poll.Name())
		if first < 0 {
			continue
		}
		called = true
		if slices.Contains(f.names[first+1:], mark.Name()) {
			return calledInTurn
		}
	}
	if called && mc.runsInTurn(poll.Name(), mark.Name()) {
		return calledHere
	}
	return calledNowhere
}

// marksEachElsewhere reports whether a function of another package's
// files selects the poll's name, then the mark's inside a loop (for _, e
// := range events { ... MarkEvent(...) }): it marks, one by one, the rows
// the poll returned. A store's method that reads every row in a state is
// a relay's poll only so (see relaySplit): called and then left alone,
// it is a listing's.
func (b *builder) marksEachElsewhere(poll, mark *types.Func) bool {
	if b.callersOf(poll, mark) != calledInTurn {
		return false
	}
	own := map[string]bool{}
	for _, f := range b.pass.Files {
		if abs, err := filepath.Abs(b.pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	for _, f := range moduleCallersOf(b.model.schema.root).funcs {
		if abs, err := filepath.Abs(f.path); err == nil && own[abs] {
			continue
		}
		first := slices.Index(f.names, poll.Name())
		if first < 0 {
			continue
		}
		for i := first + 1; i < len(f.names); i++ {
			if f.names[i] == mark.Name() && f.looped[i] {
				return true
			}
		}
	}
	return false
}
