package effects

import (
	"go/ast"
	"go/build"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Calls through interfaces: which concrete types the receiver of a method
// called on an interface value may hold, followed on SSA back to the
// conversions that made the value (MakeInterface), through locals, phis,
// package variables, struct fields, and the results of functions: this
// package's on SSA, another package's through the ResultTypes fact its
// package exports. A type is named by its package path and name, a pointer
// and its element alike ("example.com/store.PG").

// ResultTypes is the fact of an exported function or method of the module
// that returns a value of one of the module's interfaces (a constructor
// such as New or DefaultRepository): the concrete types each such result
// may hold.
type ResultTypes struct {
	Results []TypeSet // one per result
}

// A TypeSet is the concrete types a value may hold, sorted; Known is
// false when some value stays out of sight (and for a result that is not
// one of the module's interfaces, such as an error).
type TypeSet struct {
	Known bool
	Types []string
}

func (*ResultTypes) AFact() {}

func (f *ResultTypes) String() string {
	var parts []string
	for _, r := range f.Results {
		if !r.Known {
			parts = append(parts, "?")
			continue
		}
		parts = append(parts, "{"+strings.Join(r.Types, ", ")+"}")
	}
	return "results(" + strings.Join(parts, ", ") + ")"
}

// ReceiverTypes returns the concrete types the receiver of a method call
// through an interface may hold, sorted, or false when some value that
// flows into it stays out of sight (a parameter, a field or variable set
// out of sight, a function with no fact, a type assertion).
func (e *Effects) ReceiverTypes(call ssa.CallInstruction) ([]string, bool) {
	if call == nil || e.Pkg() == nil || !call.Common().IsInvoke() {
		return nil, false
	}
	return e.typesOf(call.Common().Value)
}

// MayDispatchTo reports whether a call through an interface may run the
// method fn: unless the receiver's concrete types are known (see
// ReceiverTypes) and fn's receiver type is not among them.
func (e *Effects) MayDispatchTo(call ssa.CallInstruction, fn *ssa.Function) bool {
	recv := fn.Signature.Recv()
	if recv == nil {
		return false
	}
	ts, known := e.ReceiverTypes(call)
	return !known || slices.Contains(ts, typeName(recv.Type()))
}

func (e *Effects) typesOf(v ssa.Value) ([]string, bool) {
	r := newHolds(e, typeLeaf)
	ts := r.value(v)
	if !r.known {
		return nil, false
	}
	slices.Sort(ts)
	return slices.Compact(ts), true
}

// typeLeaf ends an interface value at the conversions that made it, and
// follows it through conversions between interfaces and the results of
// calls.
func typeLeaf(r *holds[string], v ssa.Value) ([]string, bool) {
	switch v := v.(type) {
	case *ssa.MakeInterface:
		if name := typeName(v.X.Type()); name != "" {
			return []string{name}, true
		}
		r.known = false
		return nil, true
	case *ssa.ChangeInterface:
		return r.value(v.X), true
	case *ssa.Const:
		if v.IsNil() {
			return nil, true // calling a method on it panics: it runs nothing
		}
	case *ssa.Extract:
		if call, ok := v.Tuple.(*ssa.Call); ok {
			return callResult(r, call, v.Index), true
		}
	case *ssa.Call:
		return callResult(r, v, 0), true
	case *ssa.Parameter:
		return paramTypes(r, v), true
	}
	return nil, false
}

// paramTypes follows a parameter of a function of the package that only
// the package calls (unexported, or of a command), and only by name:
// what every call gives it. A method's parameters stay out of sight (an
// interface may call it from anywhere), as do a closure's.
func paramTypes(r *holds[string], p *ssa.Parameter) []string {
	fn := p.Parent()
	obj, _ := fn.Object().(*types.Func)
	if obj == nil || fn.Parent() != nil || fn.Pkg != r.e.pkg || fn.Signature.Recv() != nil || obj.Exported() && !r.e.command() {
		r.known = false
		return nil
	}
	calls := r.e.CallersOf(fn)
	uses := r.e.uses(fn)
	if len(calls) == 0 || len(uses) != len(calls) {
		r.known = false // taken as a value, or called from nowhere in sight
		return nil
	}
	i := slices.Index(fn.Params, p)
	var out []string
	for _, c := range calls {
		out = append(out, r.value(c.Common().Args[i])...)
	}
	return out
}

// callResult follows the result at index i of a call: of a function of
// this package through its return statements, of another package's
// through its fact.
func callResult(r *holds[string], call *ssa.Call, i int) []string {
	if call.Call.IsInvoke() {
		return invokeResult(r, call, i)
	}
	fn := call.Call.StaticCallee()
	switch {
	case fn == nil:
	case fn.Pkg == r.e.Pkg() && fn.Blocks != nil:
		return returned(r, fn, i)
	default:
		var f ResultTypes
		obj, ok := fn.Object().(*types.Func)
		if ok && r.e.pass.ImportObjectFact(obj.Origin(), &f) && i < len(f.Results) && f.Results[i].Known {
			return f.Results[i].Types
		}
	}
	r.known = false
	return nil
}

// invokeResult follows the result at index i of a call through an
// interface: what the method of each concrete type its receiver may hold
// returns there (a pool wrapper's Pgx() Querier, called on the interface
// a relay keeps it in). A receiver out of sight, or a method whose result
// is, leaves it unknown.
func invokeResult(r *holds[string], call *ssa.Call, i int) []string {
	var out []string
	for _, t := range r.value(call.Call.Value) {
		m := r.e.methodOf(t, call.Call.Method)
		if m == nil {
			r.known = false
			return nil
		}
		out = append(out, methodResult(r, m, i)...)
	}
	return out
}

// methodResult follows the result at index i of a method: this package's
// through its return statements, another package's through its fact.
func methodResult(r *holds[string], m *types.Func, i int) []string {
	if m.Pkg() == r.e.Pkg().Pkg {
		if fn := r.e.Pkg().Prog.FuncValue(m); fn != nil && fn.Blocks != nil {
			return returned(r, fn, i)
		}
	} else {
		var f ResultTypes
		if r.e.pass.ImportObjectFact(m.Origin(), &f) && i < len(f.Results) && f.Results[i].Known {
			return f.Results[i].Types
		}
	}
	r.known = false
	return nil
}

// returned follows what a function of this package returns as its result
// at index i.
func returned(r *holds[string], fn *ssa.Function, i int) []string {
	var out []string
	for _, b := range fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
			out = append(out, r.value(ret.Results[i])...)
		}
	}
	return out
}

// typeName names a concrete named type (or a pointer to one) by its
// package path and name, or returns "".
func typeName(t types.Type) string {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil || types.IsInterface(named) {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// exportResultTypes exports ResultTypes for the package's exported
// functions and methods that return a value of one of the module's
// interfaces. SSA is built only when the package declares one; a
// command's functions are no one's dependency.
func (e *Effects) exportResultTypes(pass *analysis.Pass) {
	if pass.Pkg.Name() == "main" {
		return
	}
	e.eachDeclared(pass, returnsModuleInterface, func(fn *ssa.Function, obj *types.Func) {
		f := &ResultTypes{}
		exported := false
		for i := range obj.Signature().Results().Len() {
			var ts TypeSet
			if moduleInterface(pass, obj.Signature().Results().At(i).Type()) && fn.Blocks != nil {
				r := newHolds(e, typeLeaf)
				got := returned(r, fn, i)
				if r.known {
					slices.Sort(got)
					ts = TypeSet{Known: true, Types: slices.Compact(got)}
				}
			}
			f.Results = append(f.Results, ts)
			exported = exported || ts.Known
		}
		if exported {
			pass.ExportObjectFact(obj, f)
		}
	})
}

// returnsModuleInterface reports whether a declaration is an exported,
// non-generic function or method with a body, one of whose results is one
// of the module's named interfaces.
func returnsModuleInterface(pass *analysis.Pass, decl *ast.FuncDecl) bool {
	if decl.Body == nil || decl.Type.TypeParams != nil || !decl.Name.IsExported() {
		return false
	}
	obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if !ok {
		return false
	}
	res := obj.Signature().Results()
	for i := range res.Len() {
		if moduleInterface(pass, res.At(i).Type()) {
			return true
		}
	}
	return false
}

// moduleInterface reports whether t is one of the module's named
// interfaces.
func moduleInterface(pass *analysis.Pass, t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && types.IsInterface(named) && named.Obj().Pkg() != nil && InModule(pass, named.Obj().Pkg())
}

// InModule reports whether a package belongs to the module of the package
// being analyzed. Outside module mode (analysistest's GOPATH layout), the
// module is the packages whose path has no dot in its first element and
// that are not in the standard library; a GOPATH project under a domain
// name thus has none.
func InModule(pass *analysis.Pass, p *types.Package) bool {
	if mod := pass.Module; mod != nil && mod.Path != "" {
		return p.Path() == mod.Path || strings.HasPrefix(p.Path(), mod.Path+"/")
	}
	first, _, _ := strings.Cut(p.Path(), "/")
	return !strings.Contains(first, ".") && !standard(p.Path())
}

var stdPackages sync.Map // import path -> bool

// standard reports whether GOROOT holds a package of that import path.
func standard(importPath string) bool {
	if v, ok := stdPackages.Load(importPath); ok {
		return v.(bool)
	}
	_, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(importPath)))
	stdPackages.Store(importPath, err == nil)
	return err == nil
}

// InvokeCallee returns the method a call through an interface runs when
// the package shows that its receiver holds one concrete type, declared in
// this package (a field set only from &pgStore{...}, a constructor's
// result); nil when it may hold another, or one out of sight.
func (e *Effects) InvokeCallee(call ssa.CallInstruction) *ssa.Function {
	if call == nil || e.Pkg() == nil || !call.Common().IsInvoke() {
		return nil
	}
	e.givenMu.Lock()
	fn, ok := e.invoked[call]
	e.givenMu.Unlock()
	if ok {
		return fn
	}
	fn = e.invokeCallee(call)
	e.givenMu.Lock()
	defer e.givenMu.Unlock()
	if e.invoked == nil {
		e.invoked = map[ssa.CallInstruction]*ssa.Function{}
	}
	e.invoked[call] = fn
	return fn
}

func (e *Effects) invokeCallee(call ssa.CallInstruction) *ssa.Function {
	fn := e.invokedMethod(call)
	if fn == nil || fn.Pkg() != e.Pkg().Pkg {
		return nil
	}
	return e.Pkg().Prog.FuncValue(fn)
}

// invokedMethod returns the method a call through an interface runs when
// the package shows that its receiver holds one concrete type, of this
// package or of one it imports; nil otherwise.
func (e *Effects) invokedMethod(call ssa.CallInstruction) *types.Func {
	ts, known := e.ReceiverTypes(call)
	if !known || len(ts) != 1 {
		return nil
	}
	return e.methodOf(ts[0], call.Common().Method)
}

// methodOf returns the method of a concrete type, named as typeName names
// it, that implements the interface method m, when the type is declared in
// this package or in one it imports; nil otherwise.
func (e *Effects) methodOf(typ string, m *types.Func) *types.Func {
	path, name := typ[:max(0, strings.LastIndex(typ, "."))], typ[strings.LastIndex(typ, ".")+1:]
	pkg := e.Pkg().Pkg
	if path != pkg.Path() {
		i := slices.IndexFunc(pkg.Imports(), func(p *types.Package) bool { return p.Path() == path })
		if i < 0 {
			return nil
		}
		pkg = pkg.Imports()[i]
	}
	tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
	if !ok {
		return nil
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(tn.Type()), true, m.Pkg(), m.Name())
	fn, _ := obj.(*types.Func)
	return fn
}
