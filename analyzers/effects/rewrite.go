package effects

import (
	"go/constant"
	"go/token"
	"go/types"
	"unicode"

	"golang.org/x/tools/go/ssa"
)

// A helper that rewrites a statement's text character by character (a ?
// numbered as $1, $2..., a table name given the prefix a map holds, a
// comment dropped) copies its input into a strings.Builder inside a loop
// over that input. Such a builder holds the input's statement: the same
// clauses, tables and columns, its parameters written another way (read
// already: the model reads ? as $n). The tool reads it as the input
// itself. What makes a loop a rewrite, and not SQL repeated per item:
// every write to the builder is inside a loop, and writes a piece of one
// string (a byte, rune or slice of it, or the value a map gives for a
// slice of it: a renamed identifier), a number (the n of $n), or
// constant text with no letter (a $, a quote). A write outside the loop
// (a quote opened before it, SQL appended after it) or a constant with a
// letter (a keyword) is another construction, and stays a hole.

// rewriteSource returns the string a builder made in a function is a
// rewrite of, or nil.
func rewriteSource(writes map[ssa.Instruction]bool) ssa.Value {
	var src ssa.Value
	copies := false
	for instr := range writes {
		call, ok := instr.(*ssa.Call)
		if !ok || !inLoop(instr.Block()) {
			return nil
		}
		fn := call.Common().StaticCallee()
		if fn == nil || len(call.Common().Args) != 2 {
			return nil // Reset, fmt.Fprint(f)
		}
		switch fn.Name() {
		case "WriteString", "WriteByte", "WriteRune":
		default:
			return nil
		}
		from, ok := pieceOf(call.Common().Args[1], map[ssa.Value]bool{})
		if !ok {
			return nil
		}
		if from == nil {
			continue // a number or constant text
		}
		if src != nil && src != from {
			return nil // pieces of two strings
		}
		src, copies = from, true
	}
	if !copies {
		return nil
	}
	return src
}

// pieceOf reports whether a written value is a piece of one string (and
// which: the string indexed, sliced or ranged over), a number, or
// constant text with no letter (nil).
func pieceOf(v ssa.Value, seen map[ssa.Value]bool) (ssa.Value, bool) {
	if seen[v] {
		return nil, true // a phi's cycle adds nothing
	}
	seen[v] = true
	switch v := v.(type) {
	case *ssa.Const:
		if v.Value == nil {
			return nil, false
		}
		switch v.Value.Kind() {
		case constant.String:
			return nil, !hasLetter(constant.StringVal(v.Value))
		case constant.Int:
			n, ok := constant.Int64Val(v.Value)
			return nil, ok && !unicode.IsLetter(rune(n))
		}
		return nil, false
	case *ssa.Index:
		return stringSource(v.X)
	case *ssa.Slice:
		return stringSource(v.X)
	case *ssa.Extract:
		if next, ok := v.Tuple.(*ssa.Next); ok && next.IsString && v.Index == 2 {
			return stringSource(next.Iter.(*ssa.Range).X)
		}
		if lookup, ok := v.Tuple.(*ssa.Lookup); ok && v.Index == 0 {
			return renamed(lookup, seen)
		}
		return nil, false
	case *ssa.Lookup:
		return renamed(v, seen)
	case *ssa.Convert:
		if isIntegerType(v.X.Type()) || isStringType(v.X.Type()) {
			return pieceOf(v.X, seen)
		}
		return nil, false
	case *ssa.ChangeType:
		return pieceOf(v.X, seen)
	case *ssa.BinOp:
		// "$" + strconv.Itoa(n): pieces joined.
		if v.Op != token.ADD || !isStringType(v.Type()) {
			return nil, false
		}
		x, okx := pieceOf(v.X, seen)
		y, oky := pieceOf(v.Y, seen)
		if !okx || !oky || x != nil && y != nil && x != y {
			return nil, false
		}
		if x == nil {
			x = y
		}
		return x, true
	case *ssa.Call:
		if fn := v.Common().StaticCallee(); fn != nil && (isFunc(fn, "strconv", "Itoa") || isFunc(fn, "strconv", "FormatInt") || isFunc(fn, "strconv", "FormatUint")) {
			return nil, true
		}
		return nil, false
	case *ssa.Phi:
		var src ssa.Value
		for _, e := range v.Edges {
			from, ok := pieceOf(e, seen)
			if !ok || from != nil && src != nil && from != src {
				return nil, false
			}
			if from != nil {
				src = from
			}
		}
		return src, true
	}
	return nil, false
}

// stringSource returns the string a piece is taken from, past the
// conversions between string types.
func stringSource(v ssa.Value) (ssa.Value, bool) {
	for {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.Convert:
			if isStringType(x.X.Type()) {
				v = x.X
				continue
			}
		}
		break
	}
	if !isStringType(v.Type()) {
		return nil, false
	}
	if s, ok := v.(*ssa.Slice); ok {
		return stringSource(s.X)
	}
	return v, true
}

// renamed reports whether a map lookup gives a name for a slice of a
// string: an identifier the rewrite renames.
func renamed(l *ssa.Lookup, seen map[ssa.Value]bool) (ssa.Value, bool) {
	m, ok := l.X.Type().Underlying().(*types.Map)
	if !ok || !isStringType(m.Key()) || !isStringType(m.Elem()) {
		return nil, false
	}
	from, ok := pieceOf(l.Index, seen)
	return from, ok && from != nil
}

// inLoop reports whether a block can run again after itself.
func inLoop(blk *ssa.BasicBlock) bool {
	visited := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), blk.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == blk {
			return true
		}
		if visited[b] {
			continue
		}
		visited[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

func hasLetter(s string) bool {
	for _, c := range s {
		if unicode.IsLetter(c) {
			return true
		}
	}
	return false
}

// numbers reports whether a rewrite writes a number: it numbers the ?
// parameters of its input ($1, $2...), as sqlx's Rebind does.
func numbers(writes map[ssa.Instruction]bool) bool {
	for instr := range writes {
		if call, ok := instr.(*ssa.Call); ok && len(call.Common().Args) == 2 && isNumber(call.Common().Args[1]) {
			return true
		}
	}
	return false
}

func isNumber(v ssa.Value) bool {
	switch v := v.(type) {
	case *ssa.Call:
		fn := v.Common().StaticCallee()
		return fn != nil && (isFunc(fn, "strconv", "Itoa") || isFunc(fn, "strconv", "FormatInt") || isFunc(fn, "strconv", "FormatUint"))
	case *ssa.Phi:
		for _, e := range v.Edges {
			if isNumber(e) {
				return true
			}
		}
	case *ssa.BinOp:
		return isNumber(v.X) || isNumber(v.Y)
	}
	return false
}

// Rebinds reports whether some path that gives v its text passes through
// a rewrite that numbers its ? parameters: sqlx's Rebind, or a helper of
// this package (called directly or through an interface whose receiver
// holds only types of this package) whose rewrite loop writes numbers
// (rewrite.go). lib/pq and pgx send a ? to PostgreSQL as it is, where it
// does not parse, so only such a path makes SQL written with ? run there.
func (e *Effects) Rebinds(v ssa.Value) bool {
	if e == nil || e.Pkg() == nil || v == nil {
		return false
	}
	return e.rebinds(v, map[ssa.Value]bool{}, 0)
}

func (e *Effects) rebinds(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if seen[v] || depth > maxSteps {
		return false
	}
	seen[v] = true
	depth++
	switch v := v.(type) {
	case *ssa.Phi:
		for _, x := range v.Edges {
			if e.rebinds(x, seen, depth) {
				return true
			}
		}
	case *ssa.ChangeType:
		return e.rebinds(v.X, seen, depth)
	case *ssa.Convert:
		return isStringType(v.X.Type()) && e.rebinds(v.X, seen, depth)
	case *ssa.Call:
		return e.callRebinds(v, seen, depth)
	}
	return false
}

// callRebinds reports whether a call's string result is rebound SQL: the
// call rebinds, or passes on an argument that is.
func (e *Effects) callRebinds(call *ssa.Call, seen map[ssa.Value]bool, depth int) bool {
	common := call.Common()
	var fns []*ssa.Function
	if common.IsInvoke() {
		ts, known := e.ReceiverTypes(call)
		if !known {
			return false
		}
		for _, t := range ts {
			if m := e.methodOf(t, common.Method); m != nil && m.Pkg() == e.Pkg().Pkg {
				fns = append(fns, e.Pkg().Prog.FuncValue(m))
			}
		}
	} else if fn := common.StaticCallee(); fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o
		}
		switch {
		case fn.Name() == "Rebind" && fn.Pkg != nil && fn.Pkg.Pkg.Path() == "github.com/jmoiron/sqlx":
			return true
		case fn.Name() == "String" && isBuilderMethod(fn):
			alloc, ok := common.Args[0].(*ssa.Alloc)
			if !ok {
				return false
			}
			writes, why := builderWrites(alloc)
			return why == "" && rewriteSource(writes) != nil && numbers(writes)
		case fn.Pkg != nil && fn.Pkg.Pkg.Path() == "strings" && len(common.Args) > 0:
			return e.rebinds(common.Args[0], seen, depth) // TrimSpace, ReplaceAll of rebound text
		case fn.Pkg == e.Pkg():
			fns = append(fns, fn)
		}
	}
	for _, fn := range fns {
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		for _, blk := range fn.Blocks {
			if ret, ok := last(blk).(*ssa.Return); ok && len(ret.Results) == 1 && e.rebinds(ret.Results[0], seen, depth) {
				return true
			}
		}
	}
	// A helper given rebound text: q(db.Rebind(query)).
	for _, a := range common.Args {
		if isStringType(a.Type()) && e.rebinds(a, seen, depth) {
			return true
		}
	}
	return false
}
