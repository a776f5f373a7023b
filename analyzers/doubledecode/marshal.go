package doubledecode

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// MarshalsArgs is the fact that a function hands some of its parameters of
// interface type, unchanged, to json.Marshal (directly or through another
// such function): a caller that passes JSON text there has it encoded twice.
type MarshalsArgs struct {
	Params []int // parameter indexes, ascending
}

func (*MarshalsArgs) AFact() {}

func (f *MarshalsArgs) String() string { return fmt.Sprintf("marshals params %v", f.Params) }

// findMarshallers exports a MarshalsArgs fact for each function of the
// package that marshals a parameter of interface type, to a fixed point.
func findMarshallers(pass *analysis.Pass, root inspector.Cursor) map[*types.Func][]int {
	local := map[*types.Func][]int{}
	for changed := true; changed; {
		changed = false
		for cur := range root.Preorder((*ast.CallExpr)(nil)) {
			call := cur.Node().(*ast.CallExpr)
			fn, param := marshalledParam(pass, cur, call, local)
			if fn == nil || slices.Contains(local[fn], param) {
				continue
			}
			local[fn] = append(local[fn], param)
			slices.Sort(local[fn])
			changed = true
		}
	}
	for fn, params := range local {
		pass.ExportObjectFact(fn, &MarshalsArgs{Params: params})
	}
	return local
}

// marshalledParam returns the function declaring call and the index of its
// parameter when call marshals that parameter unchanged.
func marshalledParam(pass *analysis.Pass, cur inspector.Cursor, call *ast.CallExpr, local map[*types.Func][]int) (*types.Func, int) {
	for _, i := range marshalledArgs(pass, call, local) {
		if i >= len(call.Args) {
			continue
		}
		id, ok := ast.Unparen(call.Args[i]).(*ast.Ident)
		if !ok {
			continue
		}
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || !types.IsInterface(v.Type()) {
			continue
		}
		for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
			decl, ok := enc.Node().(*ast.FuncDecl)
			if !ok {
				break // inside a closure: not followed
			}
			fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				break
			}
			sig := fn.Type().(*types.Signature)
			if sig.Variadic() {
				break
			}
			for p := 0; p < sig.Params().Len(); p++ {
				if sig.Params().At(p) == v && len(assignments(pass, decl, v)) == 0 && !asksType(pass, decl, v) {
					return fn, p
				}
			}
			break
		}
	}
	return nil, -1
}

// asksType reports whether fn looks at v's dynamic type (a type switch or
// a type assertion on it): such a function treats a string or []byte its
// own way (an HTTP helper writes it as the body) rather than marshal it.
func asksType(pass *analysis.Pass, fn *ast.FuncDecl, v *types.Var) bool {
	found := false
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.TypeAssertExpr); ok {
			if id, ok := ast.Unparen(a.X).(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// marshalledArgs returns the indexes of the arguments a call marshals.
func marshalledArgs(pass *analysis.Pass, call *ast.CallExpr, local map[*types.Func][]int) []int {
	if isMarshal(callee(pass, call)) {
		return []int{0}
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	if params, ok := local[fn]; ok {
		return params
	}
	var f MarshalsArgs
	if fn.Pkg() != pass.Pkg && pass.ImportObjectFact(fn.Origin(), &f) {
		return f.Params
	}
	return nil
}

// checkMarshalCalls reports JSON text passed to a parameter that the callee
// marshals again.
func checkMarshalCalls(pass *analysis.Pass, root inspector.Cursor, local map[*types.Func][]int) {
	for cur := range root.Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		if isMarshal(callee(pass, call)) || call.Ellipsis.IsValid() {
			continue // json.Marshal itself is checkEncode's
		}
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok {
			continue
		}
		for _, i := range marshalledArgs(pass, call, local) {
			if i >= len(call.Args) {
				continue
			}
			arg := call.Args[i]
			t := pass.TypesInfo.TypeOf(arg)
			if t == nil || isRawMessage(t) || !(isString(t) || isBytes(t)) {
				continue // json.Marshal embeds a json.RawMessage as it is
			}
			if !jsonText(pass, arg, enclosingFunc(cur)) {
				continue
			}
			pass.Report(analysis.Diagnostic{
				Pos: call.Pos(),
				Message: fmt.Sprintf("%s holds JSON text, and %s marshals this argument again\nthe payload is stored as a JSON string (\"{\\\"a\\\":1}\"%s), not as the object; "+
					"pass the value itself, or the bytes as a json.RawMessage", types.ExprString(arg), fn.Name(), base64Note(t)),
			})
		}
	}
}

func base64Note(t types.Type) string {
	if isBytes(t) {
		return ", base64 for a []byte"
	}
	return ""
}

// enclosingFunc returns the innermost function around cur, or nil.
func enclosingFunc(cur inspector.Cursor) ast.Node {
	for enc := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return enc.Node()
	}
	return nil
}
