package queuemodel

import (
	"go/types"
	"sync"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// An implementer is a named type in sight that implements an interface,
// with the form that does: the type itself or a pointer to it.
type implementer struct {
	tn *types.TypeName
	t  types.Type
}

// A candidate is a type that may implement an interface, with the names
// of the methods of its pointer (a superset of its own): a type that lacks
// one of the interface's names is passed over without types.Implements.
type candidate struct {
	tn    *types.TypeName
	names map[string]bool
}

// implementersOf returns the types in sight that implement iface (the
// underlying interface of named), in the order interfaceHalf reads them:
// the package's own types, then the exported types of the module packages
// it imports, each package's by name. The answer depends on types alone,
// so it is kept for the package: interfaceHalf asks it for each method of
// an interface (a generated Querier has hundreds), and again after every
// round of forwardHalves.
func (b *builder) implementersOf(named *types.Named, iface *types.Interface) []implementer {
	if its, ok := b.implementers[named]; ok {
		return its
	}
	var its []implementer
	for _, c := range b.candidateTypes() {
		if !namesAll(c.names, iface) {
			continue
		}
		for _, t := range []types.Type{c.tn.Type(), types.NewPointer(c.tn.Type())} {
			if types.Implements(t, iface) {
				its = append(its, implementer{c.tn, t})
				break
			}
		}
	}
	if b.implementers == nil {
		b.implementers = map[*types.Named][]implementer{}
	}
	b.implementers[named] = its
	return its
}

// candidateTypes returns the concrete named types that may implement one
// of the module's interfaces here: the package's own, and the exported
// ones of the module packages it imports.
func (b *builder) candidateTypes() []candidate {
	if b.typesInSight != nil {
		return b.typesInSight
	}
	out := []candidate{}
	for _, p := range append([]*types.Package{b.pass.Pkg}, b.pass.Pkg.Imports()...) {
		if p != b.pass.Pkg && !effects.InModule(b.pass, p) {
			continue
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || types.IsInterface(tn.Type()) || p != b.pass.Pkg && !tn.Exported() {
				continue
			}
			out = append(out, candidate{tn, methodNames(tn)})
		}
	}
	b.typesInSight = out
	return out
}

// methodNamesOf keeps methodNames' answers for the process: a standalone
// run type-checks each package once and asks about a module type from
// every package that imports it. Types do not change once checked.
var methodNamesOf sync.Map // *types.TypeName -> map[string]bool

// methodNames returns the names of the methods of *T, for the named type
// T: those of T and of *T. The map is shared: callers do not change it.
func methodNames(tn *types.TypeName) map[string]bool {
	if names, ok := methodNamesOf.Load(tn); ok {
		return names.(map[string]bool)
	}
	ms := types.NewMethodSet(types.NewPointer(tn.Type()))
	names := make(map[string]bool, ms.Len())
	for i := range ms.Len() {
		names[ms.At(i).Obj().Name()] = true
	}
	methodNamesOf.Store(tn, names)
	return names
}
