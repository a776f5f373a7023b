package effects

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// Transactions carried in a context: a helper begins a transaction, stores
// it in the context it hands a function (context.WithValue(ctx, key, tx)),
// and the repositories that function calls take it out again
// (ctx.Value(key).(pgx.Tx)), often falling back to the pool when the
// context carries none. The handle of such a statement is "the value the
// context holds under key" (a path step on the context's handle), and it
// is the transaction wherever the context it is given is one that carries
// it: in the function the helper runs, and in what that function calls
// with its context.

// ctxStep starts a handle's path step that reads a context's value under a
// key: "@ctx(key)".
const ctxStep = "@ctx("

// CtxCarried reports whether a handle is a value a context carries.
func (h Handle) CtxCarried() bool { return strings.HasPrefix(h.path, ctxStep) }

// ctxPathKey returns the key of a path's leading context step.
func ctxPathKey(path string) (string, bool) {
	if !strings.HasPrefix(path, ctxStep) {
		return "", false
	}
	key, _, ok := strings.Cut(path[len(ctxStep):], ")")
	return key, ok
}

// isContext reports whether t is context.Context.
func isContext(t types.Type) bool {
	named, ok := types.Unalias(t).(*types.Named)
	return ok && named.Obj().Pkg() != nil && named.Obj().Pkg().Path() == "context" && named.Obj().Name() == "Context"
}

// ctxValue returns the context and the key of a call ctx.Value(key), when
// the key is one the tool can name.
func ctxValue(c *ssa.CallCommon) (ssa.Value, string, bool) {
	if !c.IsInvoke() || c.Method.Name() != "Value" || len(c.Args) != 1 || !isContext(c.Value.Type()) {
		return nil, "", false
	}
	key := ctxKeyName(c.Args[0])
	return c.Value, key, key != ""
}

// ctxKeyName names a context key: a constant (ctxKey{}, a typed string
// constant), a package variable's value, or its address; "" for a key the
// tool cannot name.
func ctxKeyName(v ssa.Value) string {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	switch k := v.(type) {
	case *ssa.Const:
		val := "{}"
		if k.Value != nil {
			val = k.Value.ExactString()
		}
		return k.Type().String() + "=" + val
	case *ssa.UnOp:
		if g, ok := k.X.(*ssa.Global); ok && k.Op == token.MUL {
			return "var " + g.Pkg.Pkg.Path() + "." + g.Name()
		}
	case *ssa.Global:
		return "&" + k.Pkg.Pkg.Path() + "." + k.Name()
	}
	return ""
}

// withValue returns the parent context, key and value of a call
// context.WithValue(parent, key, value).
func withValue(v ssa.Value) (parent ssa.Value, key string, val ssa.Value, ok bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, "", nil, false
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "context" || fn.Name() != "WithValue" || len(call.Call.Args) != 3 {
		return nil, "", nil, false
	}
	key = ctxKeyName(call.Call.Args[1])
	return call.Call.Args[0], key, call.Call.Args[2], key != ""
}

// ctxParent returns the context a derived one keeps the values of
// (WithCancel, WithTimeout, WithDeadline and their Cause forms,
// WithoutCancel), or nil.
func ctxParent(v ssa.Value) ssa.Value {
	if x, ok := v.(*ssa.Extract); ok && x.Index == 0 {
		v = x.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok || len(call.Call.Args) == 0 {
		return nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "context" {
		return nil
	}
	switch fn.Name() {
	case "WithCancel", "WithTimeout", "WithDeadline", "WithCancelCause", "WithTimeoutCause", "WithDeadlineCause", "WithoutCancel":
		return call.Call.Args[0]
	}
	return nil
}

// ctxStepIn follows a context one step toward the value it carries under
// the key of path's leading context step: the value a WithValue of that
// key stores (and the rest of the path), or the context a derived one
// keeps the values of. It returns false when v is no such context.
func ctxStepIn(v ssa.Value, path string) (ssa.Value, string, bool) {
	key, ok := ctxPathKey(path)
	if !ok || !isContext(v.Type()) {
		return nil, "", false
	}
	if parent, k, val, ok := withValue(v); ok {
		if k == key {
			return val, path[len(ctxStep)+len(key)+1:], true
		}
		return parent, path, true
	}
	if p := ctxParent(v); p != nil {
		return p, path, true
	}
	return nil, "", false
}

// mergeCtx merges the handles a value may be (a phi's edges, a helper's
// returns) when they disagree only because the context decides: one of
// them is what a context carries, the others are what the code falls back
// to, and fn branches on whether the context carries that key. The result
// is the carried handle, marked conditional: it is the transaction where
// the context carries one, and nothing the tool can name elsewhere.
func mergeCtx(fn *ssa.Function, hs []Handle) Handle {
	var carried Handle
	for _, h := range hs {
		if !h.Known() {
			return Handle{}
		}
		if !h.CtxCarried() {
			continue
		}
		if carried.Known() && !carried.Same(h) {
			return Handle{}
		}
		carried = h
	}
	if !carried.Known() || carried.rootParam() == nil {
		return Handle{}
	}
	key, _ := ctxPathKey(carried.path)
	if !decidesByCtx(fn, key) {
		return Handle{}
	}
	carried.cond = true
	carried.Kind = KindUnknown
	return carried
}

// decidesByCtx reports whether fn branches on whether a context carries a
// value under key: the ok of ctx.Value(key).(T), or a nil check of its
// value.
func decidesByCtx(fn *ssa.Function, key string) bool {
	assertsKey := func(v ssa.Value) bool {
		ta, ok := v.(*ssa.TypeAssert)
		if !ok {
			return false
		}
		call, ok := ta.X.(*ssa.Call)
		if !ok {
			return false
		}
		_, k, ok := ctxValue(call.Common())
		return ok && k == key
	}
	for _, b := range fn.Blocks {
		br, ok := last(b).(*ssa.If)
		if !ok {
			continue
		}
		switch c := br.Cond.(type) {
		case *ssa.Extract:
			if c.Index == 1 && assertsKey(c.Tuple) {
				return true
			}
		case *ssa.BinOp:
			if c.Op != token.EQL && c.Op != token.NEQ {
				continue
			}
			for _, side := range []ssa.Value{c.X, c.Y} {
				if x, ok := side.(*ssa.Extract); ok && x.Index == 0 && assertsKey(x.Tuple) {
					return true
				}
			}
		}
	}
	return false
}

// rootParam returns the parameter a handle's root is, or nil.
func (h Handle) rootParam() *ssa.Parameter {
	p, _ := h.root.(*ssa.Parameter)
	return p
}

// returnedHandle returns the handle a call's result is when the callee is
// a function of the caller's package that returns a value a context of
// its parameters carries (a getQuerier(ctx) returning the transaction the
// context holds, or the pool): that handle, on the caller's argument.
func returnedHandle(call *ssa.Call, depth int) (Handle, bool) {
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Signature.Results().Len() != 1 {
		return Handle{}, false
	}
	if fn.Pkg != call.Parent().Pkg {
		f := ctxFactOf(fn)
		if f == nil || f.Fn >= 0 || f.Param < 0 || f.Param >= len(call.Call.Args) {
			return Handle{}, false
		}
		h := Handle{Kind: KindTx, root: call.Call.Args[f.Param], path: ctxStep + f.Key + ")", cond: f.Cond}
		if f.Cond {
			h.Kind = KindUnknown
		}
		return h, true
	}
	if fn.Blocks == nil {
		return Handle{}, false
	}
	var hs []Handle
	for _, b := range fn.Blocks {
		if ret, ok := last(b).(*ssa.Return); ok && len(ret.Results) == 1 {
			hs = append(hs, handle(ret.Results[0], depth+1))
		}
	}
	h := mergeReturns(fn, hs)
	p := h.rootParam()
	if !h.CtxCarried() || p == nil || p.Parent() != fn {
		return Handle{}, false
	}
	arg := argOf(call, fn, slices.Index(fn.Params, p))
	if arg == nil {
		return Handle{}, false
	}
	return Handle{Kind: h.Kind, root: arg, path: h.path, cond: h.cond}, true
}

// mergeReturns returns the handle a function's returns give: the one
// they all agree on, or the context's value that decides between them
// (see mergeCtx).
func mergeReturns(fn *ssa.Function, hs []Handle) Handle {
	if len(hs) == 0 {
		return Handle{}
	}
	h := hs[0]
	for _, o := range hs[1:] {
		if !o.Same(h) || o.cond != h.cond {
			return mergeCtx(fn, hs)
		}
	}
	return h
}

// argOf returns the value a call gives fn's parameter i (the receiver of
// a method called through an interface is the interface's value).
func argOf(c ssa.CallInstruction, fn *ssa.Function, i int) ssa.Value {
	common := c.Common()
	if common.IsInvoke() {
		if i == 0 {
			return common.Value
		}
		i--
	}
	if i < 0 || i >= len(common.Args) || len(common.Args) != len(fn.Params)-btoi(common.IsInvoke()) {
		return nil
	}
	return common.Args[i]
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// maxCtxDepth bounds how many callers up BegunTx follows a context.
const maxCtxDepth = 3

// ctxSites returns where a statement on a handle a context carries runs
// in a transaction begun in sight: at the statement, when the context is
// one the package's transaction helper hands its function, or at the
// calls of the statement's function (and of their functions, up to
// maxCtxDepth) whose context argument carries one.
func (e *Effects) ctxSites(h Handle, at ssa.Instruction, depth int) []TxSite {
	if t := e.TxAt(h, at); t != nil && t.Begin != nil {
		return []TxSite{{At: at, Tx: t}}
	}
	p := h.rootParam()
	if p == nil || depth >= maxCtxDepth {
		return nil
	}
	fn := p.Parent()
	if fn.Parent() != nil {
		return nil // a function literal: its callers are out of sight
	}
	idx := slices.Index(fn.Params, p)
	var out []TxSite
	for _, c := range e.callersOf(fn) {
		arg := argOf(c, fn, idx)
		if arg == nil {
			continue
		}
		ch := handleAt(arg, h.path, 0)
		if !ch.Known() {
			continue
		}
		ch.Kind, ch.cond = h.Kind, h.cond
		out = append(out, e.ctxSites(ch, c, depth+1)...)
	}
	return out
}

// callersOf returns the calls of the package that run fn: its static
// calls, and the calls through an interface whose receiver the package
// shows holds one type, whose method fn is (see InvokeCallee).
func (e *Effects) callersOf(fn *ssa.Function) []ssa.CallInstruction {
	out := slices.Clone(e.CallersOf(fn))
	if fn.Signature.Recv() == nil {
		return out
	}
	added := false
	for _, c := range e.invokesOf(fn.Name()) {
		if e.InvokeCallee(c) == fn {
			out = append(out, c)
			added = true
		}
	}
	if !added {
		return out
	}
	slices.SortFunc(out, func(a, b ssa.CallInstruction) int { return int(a.Common().Pos() - b.Common().Pos()) })
	return out
}

// invokesOf returns the package's calls through an interface of a method
// of that name, in position order (indexed on first use).
func (e *Effects) invokesOf(name string) []ssa.CallInstruction {
	e.invokeOnce.Do(func() {
		e.invokes = map[string][]ssa.CallInstruction{}
		for _, c := range e.sortedCalls() {
			if c.Common().IsInvoke() {
				e.invokes[c.Common().Method.Name()] = append(e.invokes[c.Common().Method.Name()], c)
			}
		}
	})
	return e.invokes[name]
}
