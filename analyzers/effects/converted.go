package effects

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// Which concrete types a program converts to each of the module's
// interfaces. A value of an interface type is made only by a conversion
// (SSA MakeInterface), by a conversion from another interface
// (ChangeInterface), or by a type assertion; so the concrete types a
// call through an interface may run are the types converted to it
// anywhere in the program, which only a command sees whole. Each package
// of the module lists its own conversions and those its direct imports
// list (go vet hands a package the package facts of its direct imports
// only), so a command's imports list the program's. A conversion the
// tool cannot name (a type parameter's value, a type assertion to the
// interface, a conversion from an interface outside the module) leaves
// that interface open; a package whose code could not be built leaves
// every one open.

// Converted is the package fact listing the conversions to the module's
// interfaces made in the package and in the packages it imports.
type Converted struct {
	Blind bool     // some package's code was not read: nothing is known
	Pairs []string // "iface<type": a concrete type (or another of the module's interfaces) converted to iface, sorted
	Open  []string // interfaces converted to from a value out of sight, sorted
}

func (*Converted) AFact() {}

func (f *Converted) String() string {
	if f.Blind {
		return "converted(?)"
	}
	s := "converted(" + strings.Join(f.Pairs, ", ")
	if len(f.Open) > 0 {
		s += "; open " + strings.Join(f.Open, ", ")
	}
	return s + ")"
}

func (f *Converted) merge(o *Converted) {
	f.Blind = f.Blind || o.Blind
	f.Pairs = sortedUnion(f.Pairs, o.Pairs)
	f.Open = sortedUnion(f.Open, o.Open)
}

func sortedUnion(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}

// ifacePrefix marks a pair's source that is itself one of the module's
// interfaces: its own conversions count too.
const ifacePrefix = "iface:"

// exportConverted exports the package's Converted fact: its own
// conversions and its direct imports'. SSA is built only when the
// package names one of the module's interfaces that has methods (in a
// signature, a field or a variable it uses or declares): a conversion
// to an interface the package never names cannot happen.
func (e *Effects) exportConverted(pass *analysis.Pass, blind bool) {
	if pass.Pkg.Name() == "main" {
		return // no one imports a command: it reads the facts (ProgramConversions)
	}
	f := &Converted{Blind: blind}
	for _, imp := range pass.Pkg.Imports() {
		var g Converted
		if pass.ImportPackageFact(imp, &g) {
			f.merge(&g)
		}
	}
	if pass.TypesInfo == nil || len(pass.Files) == 0 {
		f.Blind = true // a package go could not load
	} else if !blind && namesModuleInterface(pass) {
		if e.Pkg() == nil {
			f.Blind = true
		} else {
			f.merge(e.conversions(pass))
		}
	}
	if f.Blind || len(f.Pairs) > 0 || len(f.Open) > 0 {
		pass.ExportPackageFact(f)
	}
}

// conversions lists the package's own conversions to the module's
// interfaces.
func (e *Effects) conversions(pass *analysis.Pass) *Converted {
	e.convOnce.Do(func() { e.converted, e.convTyped = e.conversionsTyped(pass) })
	if e.converted == nil {
		return &Converted{}
	}
	return e.converted
}

// A Conversion is a concrete type the package converts to one of the
// module's interfaces.
type Conversion struct {
	Iface *types.Named
	Type  types.Type
}

// Conversions returns the package's own conversions of concrete types to
// the module's interfaces with methods, in the order of its code; nil
// when the package names none of them or its code was not built.
func (e *Effects) Conversions() []Conversion {
	if e.pass == nil || e.pass.TypesInfo == nil || !namesModuleInterface(e.pass) || e.Pkg() == nil {
		return nil
	}
	e.conversions(e.pass)
	return e.convTyped
}

func (e *Effects) conversionsTyped(pass *analysis.Pass) (*Converted, []Conversion) {
	f := &Converted{}
	var typed []Conversion
	for _, fn := range e.all {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				v, ok := instr.(ssa.Value)
				if !ok {
					continue
				}
				iface := methodInterface(pass, v.Type())
				if iface == "" {
					continue
				}
				switch v := v.(type) {
				case *ssa.MakeInterface:
					if t := typeName(v.X.Type()); t != "" {
						f.Pairs = append(f.Pairs, iface+"<"+t)
						typed = append(typed, Conversion{Iface: types.Unalias(v.Type()).(*types.Named), Type: v.X.Type()})
					} else {
						f.Open = append(f.Open, iface)
					}
				case *ssa.ChangeInterface:
					if from := methodInterface(pass, v.X.Type()); from != "" {
						f.Pairs = append(f.Pairs, iface+"<"+ifacePrefix+from)
					} else {
						f.Open = append(f.Open, iface) // from io.Closer, say: any type may come
					}
				case *ssa.TypeAssert:
					f.Open = append(f.Open, iface)
				case *ssa.Extract:
					if ta, ok := v.Tuple.(*ssa.TypeAssert); ok && v.Index == 0 && methodInterface(pass, ta.AssertedType) == iface {
						f.Open = append(f.Open, iface)
					}
				}
			}
		}
	}
	slices.Sort(f.Pairs)
	f.Pairs = slices.Compact(f.Pairs)
	slices.Sort(f.Open)
	f.Open = slices.Compact(f.Open)
	return f, typed
}

// methodInterface names t ("example.com/queue.Queue") when it is one of
// the module's named interfaces with at least one method, or returns "".
func methodInterface(pass *analysis.Pass, t types.Type) string {
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || !types.IsInterface(named) || named.Obj().Pkg() == nil || !InModule(pass, named.Obj().Pkg()) {
		return ""
	}
	if named.Underlying().(*types.Interface).NumMethods() == 0 {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// namesModuleInterface reports whether the package declares or uses an
// object whose type, or whose signature's parameters or results, is one
// of the module's interfaces with methods: the only way a package can
// convert a value to one.
func namesModuleInterface(pass *analysis.Pass) bool {
	mentions := func(obj types.Object) bool {
		switch obj := obj.(type) {
		case *types.TypeName:
			return methodInterface(pass, obj.Type()) != ""
		case *types.Var:
			return mentionsInterface(pass, obj.Type(), 0)
		case *types.Func:
			return mentionsInterface(pass, obj.Type(), 0)
		}
		return false
	}
	for _, obj := range pass.TypesInfo.Defs {
		if obj != nil && mentions(obj) {
			return true
		}
	}
	for _, obj := range pass.TypesInfo.Uses {
		if mentions(obj) {
			return true
		}
	}
	return false
}

// mentionsInterface reports whether a type is, or is built from (as a
// pointer, slice, array, map, channel or signature), one of the module's
// interfaces with methods.
func mentionsInterface(pass *analysis.Pass, t types.Type, depth int) bool {
	if depth > 4 {
		return false
	}
	if methodInterface(pass, t) != "" {
		return true
	}
	switch t := types.Unalias(t).(type) {
	case *types.Pointer:
		return mentionsInterface(pass, t.Elem(), depth+1)
	case *types.Slice:
		return mentionsInterface(pass, t.Elem(), depth+1)
	case *types.Array:
		return mentionsInterface(pass, t.Elem(), depth+1)
	case *types.Map:
		return mentionsInterface(pass, t.Key(), depth+1) || mentionsInterface(pass, t.Elem(), depth+1)
	case *types.Chan:
		return mentionsInterface(pass, t.Elem(), depth+1)
	case *types.Signature:
		for _, tup := range []*types.Tuple{t.Params(), t.Results()} {
			for v := range tup.Variables() {
				if mentionsInterface(pass, v.Type(), depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// Conversions is what a command knows of the conversions its program
// makes to the module's interfaces.
type Conversions struct {
	blind bool
	pairs map[string][]string
	open  map[string]bool
}

// ProgramConversions gathers, in a command, the conversions of the whole
// program: its own and those its direct imports list. Nil outside a
// command, where the program is not in sight.
func (e *Effects) ProgramConversions(pass *analysis.Pass) *Conversions {
	if pass.Pkg.Name() != "main" {
		return nil
	}
	all := &Converted{}
	for _, imp := range pass.Pkg.Imports() {
		var g Converted
		if pass.ImportPackageFact(imp, &g) {
			all.merge(&g)
		}
	}
	if e.Pkg() == nil {
		all.Blind = true
	} else {
		all.merge(e.conversions(pass))
	}
	c := &Conversions{blind: all.Blind, pairs: map[string][]string{}, open: map[string]bool{}}
	for _, p := range all.Pairs {
		iface, typ, _ := strings.Cut(p, "<")
		c.pairs[iface] = append(c.pairs[iface], typ)
	}
	for _, o := range all.Open {
		c.open[o] = true
	}
	return c
}

// TypesOf returns the concrete types the program converts to the
// interface named iface (as methodInterface names it), directly or
// through its other interfaces, sorted; false when one of those
// conversions is out of sight.
func (c *Conversions) TypesOf(iface string) ([]string, bool) {
	if c == nil || c.blind {
		return nil, false
	}
	var out []string
	seen := map[string]bool{}
	var walk func(string) bool
	walk = func(i string) bool {
		if seen[i] {
			return true
		}
		seen[i] = true
		if c.open[i] {
			return false
		}
		for _, t := range c.pairs[i] {
			if from, ok := strings.CutPrefix(t, ifacePrefix); ok {
				if !walk(from) {
					return false
				}
				continue
			}
			out = append(out, t)
		}
		return true
	}
	if !walk(iface) {
		return nil, false
	}
	slices.Sort(out)
	return slices.Compact(out), true
}

// ModuleInterface names t as the Converted fact names interfaces
// ("example.com/queue.Queue") when it is one of the module's named
// interfaces with methods, or returns "".
func ModuleInterface(pass *analysis.Pass, t types.Type) string { return methodInterface(pass, t) }

// TypeName names a concrete named type (or a pointer to one) as the
// Converted fact and ReceiverTypes name it, or returns "".
func TypeName(t types.Type) string { return typeName(t) }

// FuncUses returns the instructions of the package that use fn as an
// operand: its static calls, and the places it is taken as a value.
func (e *Effects) FuncUses(fn *ssa.Function) []ssa.Instruction { return e.uses(fn) }
