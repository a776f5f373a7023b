package effects

import (
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// The library's own functions compute replacements, so that the resolver
// agrees with them by construction (strings.Replacer's argument-order,
// left-to-right, no-rescan rule; Replace's rune boundaries for an empty
// old string). A replacement that is not plain text (a struct field's
// unknown value, a quoted name) is stood for by a sentinel while the
// library runs, and put back as its parts where the sentinel landed: the
// library never rescans what it inserted, so a sentinel cannot be matched.
const (
	sentinelOpen  = "\uFDD0" // Unicode noncharacters: not in SQL a resolver reads
	sentinelClose = "\uFDD1"
)

// substitute applies run to every source text with every combination of
// the replacements' values, and gives the results as values whose parts
// keep the replacements' parts. The sources must be plain text, but for
// parameter positions ("$%d") when no old string has a digit: no old
// string can then match across one, and each stands as a sentinel too.
func substitute(what string, src Values, olds []string, news []Values, run func(src string, news []string) string) Values {
	if !src.Known() {
		return hole(joinHoles(src.Hole, what+" over non-constant input"))
	}
	combos := [][]Value{nil}
	for _, n := range news {
		if !n.Known() {
			return hole(joinHoles(n.Hole, what+" with a replacement that is not known"))
		}
		var next [][]Value
		for _, c := range combos {
			for _, v := range n.Set {
				next = append(next, append(append([]Value(nil), c...), v))
			}
		}
		if len(next)*len(src.Set) > maxValues {
			return hole(joinHoles(what, "too many values"))
		}
		combos = next
	}
	var out Values
	for _, sv := range src.Set {
		s, ok := sourceText(sv, olds)
		if !ok {
			return hole(what + " over non-constant input")
		}
		for _, combo := range combos {
			texts := make([]string, len(combo))
			at := append([]token.Pos(nil), sv.At...)
			for k, v := range combo {
				at = append(at, v.At...)
				if t, ok := v.Text(); ok && !strings.Contains(t, sentinelOpen) {
					texts[k] = t
					continue
				}
				texts[k] = sentinelOpen + strconv.Itoa(k) + sentinelClose
			}
			parts, ok := unsentinel(run(s, texts), combo, sv.Parts)
			if !ok {
				return hole(what + " over non-constant input")
			}
			out = union(out, Values{Set: []Value{{Parts: parts, At: at}}})
		}
	}
	return out
}

// sourceText is the text of a source value, with a sentinel standing for
// each of its parts that is not text (sentinelOpen, p and the part's
// index, sentinelClose), when no old string can match across it: a
// parameter position ("$%d") when no old string has a digit; an object's
// value, unknown or read as a name, when every old string starts and ends
// with a character no name has. False otherwise.
func sourceText(v Value, olds []string) (string, bool) {
	if s, ok := v.Text(); ok {
		return s, !strings.Contains(s, sentinelOpen)
	}
	digits, names := true, true
	for _, old := range olds {
		digits = digits && !strings.ContainsAny(old, "0123456789")
		names = names && old != "" && !isNameByte(old[0]) && !isNameByte(old[len(old)-1])
	}
	var b strings.Builder
	for i, p := range v.Parts {
		switch {
		case plain(p) && !strings.Contains(p.Text, sentinelOpen):
			b.WriteString(p.Text)
			continue
		case p.Number && digits && i > 0 && plain(v.Parts[i-1]) && strings.HasSuffix(v.Parts[i-1].Text, "$"):
		case p.Obj != nil && names && !p.Number && !p.escaped && p.param == 0:
		default:
			return "", false
		}
		b.WriteString(sentinelOpen + "p" + strconv.Itoa(i) + sentinelClose)
	}
	return b.String(), true
}

// isNameByte reports whether c may be part of a name (an identifier,
// unquoted or quoted, or a parameter).
func isNameByte(c byte) bool {
	return c == '_' || c == '$' || c == '"' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// unsentinel splits a result at its sentinels, putting the parts of the
// replacement each one stands for, or the source's own part, in its
// place.
func unsentinel(s string, combo []Value, src []Part) ([]Part, bool) {
	var parts []Part
	for {
		i := strings.Index(s, sentinelOpen)
		if i < 0 {
			parts = append(parts, Part{Text: s})
			return mergeText(parts), true
		}
		parts = append(parts, Part{Text: s[:i]})
		s = s[i+len(sentinelOpen):]
		j := strings.Index(s, sentinelClose)
		if j < 0 {
			return nil, false
		}
		if k, err := strconv.Atoi(strings.TrimPrefix(s[:j], "p")); err == nil && strings.HasPrefix(s[:j], "p") {
			if k < 0 || k >= len(src) {
				return nil, false
			}
			parts = append(parts, src[k])
			s = s[j+len(sentinelClose):]
			continue
		}
		k, err := strconv.Atoi(s[:j])
		if err != nil || k < 0 || k >= len(combo) {
			return nil, false
		}
		parts = append(parts, combo[k].Parts...)
		s = s[j+len(sentinelClose):]
	}
}

// replace resolves strings.Replace and strings.ReplaceAll with a constant
// count, over known text; the old string must be one known text, the new
// one may hold a field's value.
func (r *resolver) replace(call *ssa.Call, b *binding, depth int) Values {
	args := call.Common().Args
	n := -1
	if len(args) == 4 {
		c, ok := args[3].(*ssa.Const)
		if !ok {
			return hole("strings.Replace with a count that is not constant")
		}
		n = int(c.Int64())
	}
	src := r.value(args[0], b, depth)
	if vs, ok := r.escaped(src, args[1], args[2], n, b, depth); ok {
		return vs
	}
	old, ok := single(r.value(args[1], b, depth))
	if !ok {
		return hole("strings.ReplaceAll with an old string that is not constant")
	}
	return substitute("strings.ReplaceAll", src, []string{old}, []Values{r.value(args[2], b, depth)}, func(s string, news []string) string {
		return strings.Replace(s, old, news[0], n)
	})
}

// replacer resolves strings.Replacer's Replace, called as a method or
// through a bound method value (r := strings.NewReplacer(...).Replace),
// on a replacer made here, in a package variable's initializer, or passed
// to the function being followed.
func (r *resolver) replacer(recv, arg ssa.Value, b *binding, depth int) Values {
	pairs, why := r.replacerArgs(recv, b, depth)
	if why != "" {
		return hole("strings.Replacer " + why)
	}
	if len(pairs)%2 != 0 {
		return hole("strings.NewReplacer with an odd argument count") // it panics
	}
	olds := make([]string, 0, len(pairs)/2)
	news := make([]Values, 0, len(pairs)/2)
	for i := 0; i < len(pairs); i += 2 {
		old, ok := single(pairs[i])
		if !ok {
			return hole("strings.Replacer with an old string that is not constant")
		}
		olds = append(olds, old)
		news = append(news, pairs[i+1])
	}
	return substitute("strings.Replacer", r.value(arg, b, depth), olds, news, func(s string, news []string) string {
		oldnew := make([]string, 0, 2*len(olds))
		for i, old := range olds {
			oldnew = append(oldnew, old, news[i])
		}
		return strings.NewReplacer(oldnew...).Replace(s)
	})
}

// replacerArgs returns the values of the arguments a *strings.Replacer
// was made with.
func (r *resolver) replacerArgs(v ssa.Value, b *binding, depth int) ([]Values, string) {
	if depth > maxSteps {
		return nil, "built through too many steps"
	}
	depth++
	switch x := v.(type) {
	case *ssa.Call:
		callee := x.Common().StaticCallee()
		if callee == nil || !isFunc(callee, "strings", "NewReplacer") {
			break
		}
		elems, why := r.elements(x.Common().Args[0], b, depth)
		if why != "" {
			return nil, "made from arguments passed as a slice"
		}
		return elems, ""
	case *ssa.UnOp:
		if src := r.storedOnce(x); src != nil {
			return r.replacerArgs(src, nil, depth)
		}
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			_, why := r.initialValue(g)
			return nil, why
		}
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return nil, "in struct field " + fieldName(fieldOf(fa.X.Type(), fa.Field)) + ", not set once in the package"
		}
	case *ssa.Parameter:
		if b != nil && b.fn == x.Parent() && b.call != nil {
			return r.replacerArgs(b.call.Common().Args[slices.Index(x.Parent().Params, x)], b.outer, depth)
		}
	case *ssa.FreeVar:
		if bound := r.bindingOf(x); bound != nil {
			return r.replacerArgs(bound, nil, depth)
		}
	}
	return nil, "made out of sight"
}

// storedOnce returns the one value a load reads: a package variable's
// initializer, or the one store of the package into a struct field that
// code out of sight cannot set; nil otherwise.
func (r *resolver) storedOnce(v ssa.Value) ssa.Value {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	switch a := load.X.(type) {
	case *ssa.Global:
		src, _ := r.initialValue(a)
		return src
	case *ssa.FieldAddr:
		f := fieldOf(a.X.Type(), a.Field)
		if f == nil || f.Pkg() != r.e.Pkg().Pkg || f.Exported() && exportedOwner(f) {
			return nil
		}
		var src ssa.Value
		for _, st := range r.e.allStores() {
			if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fieldOf(fa.X.Type(), fa.Field) == f {
				if src != nil {
					return nil
				}
				src = st.Val
			}
		}
		for _, fa := range r.e.fieldAddrs(f) {
			if addressEscapes(fa, *fa.Referrers()) {
				return nil
			}
		}
		return src
	}
	return nil
}

// initialValue returns the one value a package variable of this package
// is given, in its initializer; why when it has another or none.
func (r *resolver) initialValue(g *ssa.Global) (ssa.Value, string) {
	if g.Pkg != r.e.Pkg() || g.Object() != nil && g.Object().Exported() {
		return nil, "in package variable " + g.Name() + ", which code out of sight may set"
	}
	if addressEscapes(g, r.e.uses(g)) {
		return nil, "in package variable " + g.Name() + ", written through its address"
	}
	var src ssa.Value
	for _, st := range r.e.allStores() {
		if st.Addr != g {
			continue
		}
		if fn := st.Parent(); src != nil || fn.Name() != "init" || fn.Parent() != nil || fn.Synthetic == "" {
			return nil, "in package variable " + g.Name() + ", written outside its initializer"
		}
		src = st.Val
	}
	if src == nil {
		return nil, "in package variable " + g.Name() + ", never set"
	}
	return src, ""
}

// isReplacerReplace reports whether fn is strings.Replacer's Replace
// method, or a bound method value of it.
func isReplacerReplace(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	if !ok || obj.Name() != "Replace" || obj.Pkg() == nil || obj.Pkg().Path() != "strings" {
		return false
	}
	recv := obj.Signature().Recv()
	return recv != nil && types.TypeString(recv.Type(), nil) == "*strings.Replacer"
}

// escaped resolves the escaping step of an identifier-quoting helper,
// strings.ReplaceAll(name, `"`, `""`), over a name whose value is not
// known (a struct field's): the name is kept as a part marked escaped,
// which becomes a quoted identifier when the helper then wraps it in
// double quotes (see mergeText), and unknown otherwise. False when the
// call is not that step, or the name is known text (then the library
// computes it).
func (r *resolver) escaped(src Values, oldArg, newArg ssa.Value, n int, b *binding, depth int) (Values, bool) {
	if n >= 0 || !src.Known() {
		return Values{}, false
	}
	if old, ok := single(r.value(oldArg, b, depth)); !ok || old != `"` {
		return Values{}, false
	}
	if repl, ok := single(r.value(newArg, b, depth)); !ok || repl != `""` {
		return Values{}, false
	}
	out := Values{Set: make([]Value, len(src.Set))}
	for i, v := range src.Set {
		if _, ok := v.Text(); ok || len(v.Parts) != 1 || v.Parts[0].Number || v.Parts[0].Quoted || v.Parts[0].Obj == nil && v.Parts[0].param == 0 {
			return Values{}, false
		}
		p := v.Parts[0]
		p.escaped = true
		out.Set[i] = Value{Parts: []Part{p}, At: v.At}
	}
	return out, true
}

// quoteEscaped makes `"` + escaped name + `"` a quoted identifier.
func quoteEscaped(ps []Part) []Part {
	for i := 1; i+1 < len(ps); i++ {
		before, p, after := ps[i-1], ps[i], ps[i+1]
		if !p.escaped || !plain(before) || !plain(after) || !opensQuote(before.Text) || !strings.HasPrefix(after.Text, `"`) {
			continue
		}
		p.escaped, p.Quoted = false, true
		out := append([]Part(nil), ps[:i-1]...)
		if t := before.Text[:len(before.Text)-1]; t != "" {
			out = append(out, Part{Text: t})
		}
		out = append(out, p)
		if t := after.Text[1:]; t != "" {
			out = append(out, Part{Text: t})
		}
		return quoteEscaped(append(out, ps[i+2:]...))
	}
	return ps
}

// opensQuote reports whether a text ends with a double quote that opens a
// quoted identifier rather than doubling a quote inside one.
func opensQuote(s string) bool {
	n := len(s) - len(strings.TrimRight(s, `"`))
	return n%2 == 1
}

// unescaped turns a value with an escaped name left unquoted into a hole:
// only a quoted identifier keeps the name's identity.
func unescaped(vs Values) Values {
	for _, v := range vs.Set {
		for _, p := range v.Parts {
			if p.escaped {
				return hole(joinHoles(vs.Hole, "an identifier escaped but not quoted"))
			}
		}
	}
	return vs
}
