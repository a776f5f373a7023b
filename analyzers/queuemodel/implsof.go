package queuemodel

import (
	"go/types"
)

// ImplementationsOf returns the methods that a call of the interface
// method m may run: the methods of the module's types, in sight of this
// package, that implement it (see Implements) and that the program runs
// against PostgreSQL (see programImpls). all is false when one of
// them is listed only by a dependency's fact, its type in a package this
// one does not import: its method cannot be looked up here, and a rule
// that needs every implementation says nothing.
func (m *Model) ImplementationsOf(method *types.Func) (out []*types.Func, all bool) {
	sig, ok := method.Type().(*types.Signature)
	if !ok || sig.Recv() == nil || !types.IsInterface(sig.Recv().Type()) || m.loops == nil || m.loops.impls == nil {
		return nil, false
	}
	named := namedOf(sig.Recv().Type())
	if named == nil || named.Obj().Pkg() == nil {
		return nil, false
	}
	pkg := m.loops.pass.Pkg
	all = true
	var listed []Impl
	for _, im := range m.loops.impls.Methods {
		if im.Pkg == named.Obj().Pkg().Path() && im.Iface == named.Obj().Name() && im.Method == method.Name() {
			listed = append(listed, im)
		}
	}
	for _, im := range programImpls(listed) {
		p := packageInSight(pkg, im.TypePkg)
		if p == nil {
			all = false
			continue
		}
		tn, ok := p.Scope().Lookup(im.Type).(*types.TypeName)
		if !ok {
			all = false
			continue
		}
		fn, ok := lookupMethod(types.NewPointer(tn.Type()), method.Pkg(), im.Method)
		if !ok {
			all = false
			continue
		}
		out = append(out, fn)
	}
	return out, all
}

// packageInSight returns pkg, or the package it imports directly, of
// that path.
func packageInSight(pkg *types.Package, path string) *types.Package {
	if pkg.Path() == path {
		return pkg
	}
	for _, p := range pkg.Imports() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}
