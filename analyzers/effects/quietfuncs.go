package effects

import (
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// quietFuncs returns the functions the package declares that nothing in
// their bodies taints: visit reads each node of a body and says whether it
// taints the function itself, or which function of the package it calls
// (local), which taints it when that function is tainted, up to a fixed
// point. A function with no body (assembly) is out of sight: tainted.
// NoStatement and NoWork are both such summaries.
func quietFuncs(pass *analysis.Pass, visit func(ast.Node) (local *types.Func, taints bool)) []*types.Func {
	type node struct {
		obj     *types.Func
		tainted bool
		calls   []*types.Func
	}
	var nodes []*node
	byObj := map[*types.Func]*node{}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func)
			if !ok {
				continue
			}
			n := &node{obj: obj, tainted: decl.Body == nil}
			if decl.Body != nil {
				ast.Inspect(decl.Body, func(x ast.Node) bool {
					if n.tainted || x == nil {
						return false
					}
					local, taints := visit(x)
					n.tainted = taints
					if local != nil && !slices.Contains(n.calls, local) {
						n.calls = append(n.calls, local)
					}
					return !taints
				})
			}
			nodes = append(nodes, n)
			byObj[obj] = n
		}
	}
	for changed := true; changed; {
		changed = false
		for _, n := range nodes {
			if n.tainted {
				continue
			}
			for _, callee := range n.calls {
				if m := byObj[callee]; m == nil || m.tainted {
					n.tainted, changed = true, true
					break
				}
			}
		}
	}
	var out []*types.Func
	for _, n := range nodes {
		if !n.tainted {
			out = append(out, n.obj)
		}
	}
	return out
}
