package effects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
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
	return objHole(obj, why)
}
