package effects

import (
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/internal/callerargs"
)

// A constructor that code out of sight calls (NewStore(pool, table)) and
// that builds the queries it keeps in fields from a parameter
// (s.claim = strings.ReplaceAll(tmpl, "{{TABLE}}", table)) gives every
// query it builds the same name: within one call the parameter has one
// value, and the values it stores are what its methods run. That
// parameter is then a placeholder of its own, as a field that holds the
// name would be. A parameter of an exported function that only runs SQL
// (Claim(ctx, db, table)) stays a hole: two such functions are given the
// same table by code out of sight, and nothing here says so.

// When every call in the module's code of such an exported constructor,
// in this package or another (NewStore(db, "outbox") in cmd/worker),
// gives the parameter one and the same constant, the placeholder holds
// that value: the table is the one the schema names so. The calls are
// read from the module's files (package callerargs, which ModuleKey
// covers under go vet: an importer's edit changes the tool's ID).
// Calls that give several constants, or one the files cannot tell,
// leave the placeholder as it was; so do test files, which callerargs
// does not read.

// maxDepends bounds the values looked at to tell whether a store depends
// on a parameter.
const maxDepends = 256

// buildsFields reports whether fn stores into a struct field a value
// computed from its parameter p (in fn itself: a helper's result counts
// through the arguments fn passes it).
func buildsFields(fn *ssa.Function, p *ssa.Parameter) bool {
	seen := map[ssa.Value]bool{}
	for _, blk := range fn.Blocks {
		for _, instr := range blk.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if _, ok := st.Addr.(*ssa.FieldAddr); ok && dependsOn(st.Val, p, fn, seen) {
				return true
			}
		}
	}
	return false
}

// dependsOn reports whether v, a value of fn, is computed from p: through
// the operands of the instructions that make it, and the elements stored
// into a local array or struct (a slice literal, a variadic call's
// arguments, a composite literal).
func dependsOn(v ssa.Value, p *ssa.Parameter, fn *ssa.Function, seen map[ssa.Value]bool) bool {
	if v == p {
		return true
	}
	if seen[v] || len(seen) > maxDepends {
		return false
	}
	seen[v] = true
	instr, ok := v.(ssa.Instruction)
	if !ok || instr.Parent() != fn {
		return false
	}
	for _, op := range instr.Operands(nil) {
		if *op != nil && dependsOn(*op, p, fn, seen) {
			return true
		}
	}
	if alloc, ok := v.(*ssa.Alloc); ok {
		for _, ref := range *alloc.Referrers() {
			addr, ok := ref.(ssa.Value)
			if !ok || addr.Referrers() == nil {
				continue
			}
			switch addr.(type) {
			case *ssa.IndexAddr, *ssa.FieldAddr:
			default:
				continue
			}
			for _, r := range *addr.Referrers() {
				if st, ok := r.(*ssa.Store); ok && st.Addr == addr && dependsOn(st.Val, p, fn, seen) {
					return true
				}
			}
		}
	}
	return false
}

// paramPlaceholder returns the unknown value of a parameter of a function
// that code out of sight calls, kept as a placeholder when the function
// builds its fields from it (see above); a hole otherwise.
func (r *resolver) paramPlaceholder(p *ssa.Parameter, why string) Values {
	obj, ok := p.Object().(*types.Var)
	if !ok || !isStringType(obj.Type()) || !buildsFields(p.Parent(), p) {
		return hole(why)
	}
	if v, ok := r.givenByModule(p); ok {
		return asObject(obj, "parameter "+p.Name(), text(v))
	}
	return objHole(obj, why)
}

// givenByModule returns the one constant that every call of fn, an
// exported function, in the module's non-test Go files gives its
// parameter i (the receiver counted, as in fn.Params); false when nothing
// calls it, when a call gives a value the files do not say, or when calls
// give different values.
func (e *Effects) givenByModule(fn *ssa.Function, i int) (string, bool) {
	if e.pass == nil || fn.Signature.Variadic() {
		return "", false
	}
	pos, arity := i, len(fn.Params)
	if fn.Signature.Recv() != nil {
		pos, arity = i-1, arity-1
	}
	if pos < 0 {
		return "", false
	}
	root, path := moduleRootOf(e.pass)
	if root == "" {
		return "", false
	}
	tuples, ok := callerargs.Of(root, path).Tuples(fn.Name(), arity, []int{pos})
	if !ok || len(tuples) != 1 {
		// Calls that give different tables, or one the files do not
		// say beside one that they do (a single tuple is never all
		// Unknown: Tuples answers false then).
		return "", false
	}
	return tuples[0][0], true
}

// moduleRootOf returns the directory that holds the package's go.mod and
// the module's path; outside module mode (GOPATH layouts, as in
// analysistest), the package's own directory and path, as the queue
// model reads the module (queuemodel's moduleRoot).
func moduleRootOf(pass *analysis.Pass) (string, string) {
	dir := ""
	for _, f := range pass.Files {
		if name := pass.Fset.File(f.Pos()).Name(); strings.HasSuffix(name, ".go") {
			if abs, err := filepath.Abs(filepath.Dir(name)); err == nil {
				dir = abs
				break
			}
		}
	}
	if dir == "" || pass.Module == nil || pass.Module.Path == "" {
		return dir, pass.Pkg.Path()
	}
	for d := dir; ; {
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil {
			return d, pass.Module.Path
		}
		parent := filepath.Dir(d)
		if parent == d {
			return dir, pass.Module.Path
		}
		d = parent
	}
}

// givenByModule is the constant the module's calls give p, a parameter of
// an exported function (see above).
func (r *resolver) givenByModule(p *ssa.Parameter) (string, bool) {
	fn := p.Parent()
	if obj := fn.Object(); obj == nil || !obj.Exported() {
		return "", false // called by value or through an interface: not by name
	}
	return r.e.givenByModule(fn, slices.Index(fn.Params, p))
}

// FieldGivenByModule returns the one value a string field of the package
// holds when its only store is of a parameter of an exported function
// (&Store{table: table} in NewStore(db, table)) and every call of that
// function in the module's code gives the parameter one constant (see
// givenByModule). A field stored anywhere else, exported on an exported
// type, or written through its address, may hold something else.
func (e *Effects) FieldGivenByModule(f *types.Var) (string, bool) {
	if e.Pkg() == nil || f == nil || f.Pkg() != e.Pkg().Pkg || !isStringType(f.Type()) || f.Exported() && exportedOwner(f) {
		return "", false
	}
	var param *ssa.Parameter
	for _, st := range e.allStores() {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || fieldOf(fa.X.Type(), fa.Field) != f {
			continue
		}
		p, ok := st.Val.(*ssa.Parameter)
		if !ok || param != nil && p != param {
			return "", false
		}
		param = p
	}
	if param == nil {
		return "", false
	}
	for _, addr := range e.fieldAddrs(f) {
		if addressEscapes(addr, *addr.Referrers()) {
			return "", false
		}
	}
	fn := param.Parent()
	if obj := fn.Object(); fn.Parent() != nil || obj == nil || !obj.Exported() {
		return "", false
	}
	return e.givenByModule(fn, slices.Index(fn.Params, param))
}
