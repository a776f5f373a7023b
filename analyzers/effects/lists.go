package effects

import (
	"go/constant"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// A slice that a function fills by appending, in a loop over rows only
// known at run time, groups of bind parameters ("($1, $2)" made with
// fmt.Sprintf("($%d, $%d)", ...), or "$3") and joins with a comma is a
// VALUES list or an IN list of however many groups: each group is one
// row or one item of the same statement, so one group stands for the
// list. A slice that may hold anything else (a column, a condition, a
// value) stays a hole: repeating it makes other SQL.

// paramLists resolves strings.Join(s, sep) over such a slice: the values
// one element may take; false when s or sep is not of that shape.
func (r *resolver) paramLists(slice, sep ssa.Value, b *binding, depth int) (Values, bool) {
	sepText, ok := single(r.value(sep, b, depth))
	if !ok || strings.TrimSpace(sepText) != "," {
		return Values{}, false
	}
	elems, ok := appended(slice, map[ssa.Value]bool{})
	if !ok || len(elems) == 0 {
		return Values{}, false
	}
	var out Values
	for _, e := range elems {
		vs := r.value(e, b, depth)
		if !vs.Known() {
			return Values{}, false
		}
		for _, v := range vs.Set {
			if !paramGroup(v) {
				return Values{}, false
			}
		}
		out = union(out, vs)
	}
	return out, out.Known()
}

// appended returns the values appended to a slice on the way to v: v is
// an empty slice or a slice literal, or append(s, x, ...) of such a
// slice, or a phi of them.
func appended(v ssa.Value, seen map[ssa.Value]bool) ([]ssa.Value, bool) {
	if seen[v] {
		return nil, true
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return nil, x.Value == nil // a nil slice
	case *ssa.MakeSlice:
		if c, ok := x.Len.(*ssa.Const); ok && c.Value != nil && constant.Sign(c.Value) == 0 {
			return nil, true
		}
		return indexStored(x)
	case *ssa.Slice:
		// A slice literal: []string{} or []string{"$1"}.
		elems := arrayElems(x.X)
		return elems, elems != nil
	case *ssa.Phi:
		var out []ssa.Value
		for _, e := range x.Edges {
			vs, ok := appended(e, seen)
			if !ok {
				return nil, false
			}
			out = append(out, vs...)
		}
		return out, true
	case *ssa.Call:
		bi, ok := x.Call.Value.(*ssa.Builtin)
		if !ok || bi.Name() != "append" || len(x.Call.Args) != 2 {
			return nil, false
		}
		out, ok := appended(x.Call.Args[0], seen)
		if !ok {
			return nil, false
		}
		elems := arrayElems(sliceArray(x.Call.Args[1]))
		if elems == nil {
			return nil, false // append(s, t...): t's elements are not known
		}
		return append(out, elems...), true
	}
	return nil, false
}

// paramGroup reports whether a value is only bind parameters, commas and
// parentheses: "($1, $2)", "$3", with numbers formatted after a $.
func paramGroup(v Value) bool {
	params := 0
	prev := ""
	for _, p := range v.Parts {
		switch {
		case p.Number:
			if !strings.HasSuffix(prev, "$") {
				return false
			}
			params++
		case plain(p):
			for i, c := range p.Text {
				switch {
				case c == '$':
					if i+1 < len(p.Text) && p.Text[i+1] >= '0' && p.Text[i+1] <= '9' {
						params++
					}
				case c >= '0' && c <= '9', c == '(', c == ')', c == ',', c == ' ', c == '\t', c == '\n':
				default:
					return false
				}
			}
		default:
			return false
		}
		prev = p.Text
	}
	return params > 0
}

// indexStored returns the values stored into the elements of a slice made
// with a length (make([]string, len(ids)), filled by index in a loop): the
// slice is only indexed to be written, measured, or joined.
func indexStored(x *ssa.MakeSlice) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, ref := range *x.Referrers() {
		switch r := ref.(type) {
		case *ssa.IndexAddr:
			for _, use := range *r.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Addr != r {
					return nil, false
				}
				out = append(out, st.Val)
			}
		case *ssa.Call:
			if !joinOrLen(r.Common()) {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}

// joinOrLen reports whether a call only reads a slice: strings.Join, or
// the len builtin.
func joinOrLen(c *ssa.CallCommon) bool {
	if bi, ok := c.Value.(*ssa.Builtin); ok {
		return bi.Name() == "len"
	}
	fn := c.StaticCallee()
	return fn != nil && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && fn.Name() == "Join"
}
