package ormsql

import (
	"go/ast"
	"go/constant"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
)

// A GORM chain is a value, and applications rarely build one in a single
// expression: a repository's method starts it in a helper of its own
// (func (r *Repo) db(ctx) *gorm.DB { return r.DB.WithContext(ctx).Model(&Job{}) }),
// a filter takes a chain and returns it with a condition more, and
// Scopes is given functions that add clauses. The reader follows a chain
// into the functions of the package that return one, as far as it reads
// each: a helper's clauses come before the caller's, a parameter of the
// helper is what the caller passed, and what it cannot follow stays
// unread with the reason.

// A gormFrame is a helper the reader followed a chain into, with the
// arguments of the call it followed (the receiver first, as SSA's).
type gormFrame struct {
	fn   *ssa.Function
	args []ssa.Value
}

// maxGormFrames bounds the helpers followed inside one another.
const maxGormFrames = 4

// helper reports whether the chain is followed into a call of fn: a
// function of this package, with its body, that returns one *gorm.DB,
// within maxGormFrames helpers (a helper that calls itself stops there).
func (g *gormReader) helper(fn *ssa.Function, frames []gormFrame) bool {
	if len(fn.Blocks) == 0 || len(frames) >= maxGormFrames || fn.Syntax() == nil || g.r.Effects.Func(fn.Syntax()) != fn {
		return false
	}
	res := fn.Signature.Results()
	return res.Len() == 1 && effects.IsGormDB(res.At(0).Type())
}

// helperChains returns the chains a helper returns, one per path (every
// return, and every path to it), with the helper's parameters bound to
// args.
func (g *gormReader) helperChains(fn *ssa.Function, args []ssa.Value, depth int, frames []gormFrame) ([][]gormStep, string) {
	g.addCalls(fn)
	inner := append(slices.Clip(frames), gormFrame{fn: fn, args: args})
	var out [][]gormStep
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok {
			continue
		}
		if c, ok := ret.Results[0].(*ssa.Const); ok && c.IsNil() {
			continue // no chain on that path
		}
		sub, why := g.chainsIn(ret.Results[0], depth+1, inner)
		if why != "" {
			return nil, why
		}
		out = append(out, sub...)
		if len(out) > 8 {
			return nil, "the GORM chain goes through too many branches"
		}
	}
	if len(out) == 0 {
		return nil, "the GORM chain starts in a call the tool does not follow"
	}
	return out, ""
}

// addCalls makes the calls of fn's syntax known to the reader, by their
// opening parenthesis, as those of the request's function are.
func (g *gormReader) addCalls(fn *ssa.Function) {
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if ce, ok := n.(*ast.CallExpr); ok {
			g.calls[ce.Lparen] = ce
		}
		return true
	})
}

// joinSteps puts steps after each of the chains that lead to them.
func joinSteps(before [][]gormStep, steps []gormStep) ([][]gormStep, string) {
	var out [][]gormStep
	for _, s := range before {
		out = append(out, append(slices.Clip(s), steps...))
	}
	if len(out) > 8 {
		return nil, "the GORM chain goes through too many branches"
	}
	return out, ""
}

// scopes returns the ways the functions a Scopes call is given build
// their clauses, one list of steps per combination of their paths, in the
// order of the arguments. A scope is a function of the package (Active),
// a function literal, or what a function of the package returns
// (Paginate(p), whose every return is the same literal); each is read as
// a chain that starts from its parameter.
func (g *gormReader) scopes(call *ssa.Call, depth int, frames []gormFrame) ([][]gormStep, string) {
	ce := g.calls[call.Pos()]
	if ce != nil && ce.Ellipsis.IsValid() {
		return nil, "the scopes of GORM's Scopes are passed as a slice"
	}
	fns, why := scopeFuncs(call.Common().Args[1])
	if why != "" {
		return nil, why
	}
	out := [][]gormStep{nil}
	for _, fn := range fns {
		if fn.Syntax() == nil || g.r.Effects.Func(fn.Syntax()) != fn || len(fn.Params) != 1 {
			return nil, "a GORM scope the tool does not follow"
		}
		g.addCalls(fn)
		var ways [][]gormStep
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok {
				continue
			}
			sub, why := g.chainsIn(ret.Results[0], depth+1, frames)
			if why != "" {
				return nil, why
			}
			ways = append(ways, sub...)
		}
		if len(ways) == 0 {
			return nil, "a GORM scope the tool does not follow"
		}
		var next [][]gormStep
		for _, o := range out {
			for _, w := range ways {
				next = append(next, append(slices.Clip(o), w...))
			}
		}
		if len(next) > 8 {
			return nil, "the GORM chain goes through too many branches"
		}
		out = next
	}
	return out, ""
}

// scopeFuncs returns the functions in the variadic slice SSA builds for
// a call of Scopes, in order.
func scopeFuncs(v ssa.Value) ([]*ssa.Function, string) {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return nil, ""
	}
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil, "the scopes of GORM's Scopes are not known"
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil, "the scopes of GORM's Scopes are not known"
	}
	arr, ok := alloc.Type().(*types.Pointer).Elem().Underlying().(*types.Array)
	if !ok {
		return nil, "the scopes of GORM's Scopes are not known"
	}
	type elem struct {
		i  int64
		fn *ssa.Function
	}
	var elems []elem
	for _, ref := range *alloc.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		k, ok := ia.Index.(*ssa.Const)
		if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
			return nil, "the scopes of GORM's Scopes are not known"
		}
		i, _ := constant.Int64Val(k.Value)
		for _, r := range *ia.Referrers() {
			st, ok := r.(*ssa.Store)
			if !ok || st.Addr != ia {
				continue
			}
			fn, why := scopeFunc(st.Val, 0)
			if why != "" {
				return nil, why
			}
			elems = append(elems, elem{i, fn})
		}
	}
	if int64(len(elems)) != arr.Len() {
		return nil, "the scopes of GORM's Scopes are not known"
	}
	sort.Slice(elems, func(a, b int) bool { return elems[a].i < elems[b].i })
	fns := make([]*ssa.Function, len(elems))
	for i, e := range elems {
		fns[i] = e.fn
	}
	return fns, ""
}

// scopeFunc returns the function a scope value is: a function, a
// closure, or what a function of the package returns on every path.
func scopeFunc(v ssa.Value, depth int) (*ssa.Function, string) {
	switch x := v.(type) {
	case *ssa.Function:
		return x, ""
	case *ssa.MakeClosure:
		if fn, ok := x.Fn.(*ssa.Function); ok {
			return fn, ""
		}
	case *ssa.Call:
		fn := x.Common().StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 || depth > 2 {
			break
		}
		var only *ssa.Function
		for _, b := range fn.Blocks {
			ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) != 1 {
				continue
			}
			f, why := scopeFunc(ret.Results[0], depth+1)
			if why != "" {
				return nil, why
			}
			if only != nil && only != f {
				return nil, "a GORM scope chosen at run time"
			}
			only = f
		}
		if only != nil {
			return only, ""
		}
	}
	return nil, "a GORM scope the tool does not follow"
}

// scopedChains returns the chains through a Scopes call, followed by
// steps: each way the chain before it is built, with each way its scopes
// build their clauses.
func (g *gormReader) scopedChains(call *ssa.Call, ce *ast.CallExpr, steps []gormStep, depth int, frames []gormFrame) ([][]gormStep, string) {
	alts, why := g.scopes(call, depth, frames)
	if why != "" {
		return nil, why
	}
	before, why := g.chainsIn(call.Common().Args[0], depth+1, frames)
	if why != "" {
		return nil, why
	}
	var out [][]gormStep
	for _, b := range before {
		for _, a := range alts {
			s := append(slices.Clip(b), gormStep{name: "Scopes", call: ce, scoped: a})
			out = append(out, append(s, steps...))
		}
	}
	if len(out) > 8 {
		return nil, "the GORM chain goes through too many branches"
	}
	return out, ""
}

// storedChain reports whether a call stored into a field is a GORM chain
// the reader follows from there: a *gorm.DB method other than Begin
// (whose transaction is the handle itself), or a helper of the package;
// the calls of the function that stores it become known to the reader.
func (g *gormReader) storedChain(call *ssa.Call) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || call.Parent() == nil || call.Parent().Syntax() == nil || g.r.Effects.Func(call.Parent().Syntax()) != call.Parent() {
		return false
	}
	switch {
	case fn.Signature.Recv() != nil && effects.IsGormDB(fn.Signature.Recv().Type()):
		if fn.Name() == "Begin" {
			return false
		}
	case !g.helper(fn, nil):
		return false
	}
	g.addCalls(call.Parent())
	return true
}
