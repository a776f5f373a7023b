package queuemodel

import (
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// Claims is the fact that a function claims jobs, directly or through the
// functions it calls; Loop says it keeps claiming (a claim inside a loop),
// as a worker's Run does.
type Claims struct{ Loop bool }

func (*Claims) AFact() {}

func (c *Claims) String() string {
	if c.Loop {
		return "claims jobs in a loop"
	}
	return "claims jobs"
}

// ClaimsOf returns what the function a call calls does about claims (from
// this package, or from a fact of the callee's package), or nil.
func (m *Model) ClaimsOf(call *ast.CallExpr) *Claims { return m.loops.callee(call) }

// Claims reports whether a call of the package runs a claim or a poll itself.
func (m *Model) Claims(call *ast.CallExpr) bool { return m.loops.claimCalls[call] }

// callGraph is what the package's functions do about claims.
type callGraph struct {
	pass       *analysis.Pass
	decls      map[*types.Func]*ast.FuncDecl
	claims     map[*types.Func]*Claims
	claimCalls map[*ast.CallExpr]bool // the package's own calls that claim or poll
}

func buildCallGraph(pass *analysis.Pass, m *Model) *callGraph {
	g := &callGraph{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, claims: map[*types.Func]*Claims{}, claimCalls: map[*ast.CallExpr]bool{}}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			if st.Role == RoleClaim || st.Role == RolePoll {
				g.claimCalls[c.Expr] = true
			}
		}
	}
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if decl, ok := d.(*ast.FuncDecl); ok && decl.Body != nil {
				if fn, ok := pass.TypesInfo.Defs[decl.Name].(*types.Func); ok {
					g.decls[fn] = decl
				}
			}
		}
	}
	// To a fixed point: a function claims if it runs a claim or calls a
	// function that claims, and loops if it does so inside a loop or calls
	// a function that loops.
	for changed := true; changed; {
		changed = false
		for fn, decl := range g.decls {
			got := g.scan(decl)
			if got == nil {
				continue
			}
			if old := g.claims[fn]; old == nil || (!old.Loop && got.Loop) {
				g.claims[fn] = got
				changed = true
			}
		}
	}
	return g
}

// scan summarizes one function body.
func (g *callGraph) scan(decl *ast.FuncDecl) *Claims {
	var res *Claims
	WalkCalls(decl.Body, func(call *ast.CallExpr, inLoop bool) {
		c := g.callee(call)
		if g.claimCalls[call] || c != nil {
			if res == nil {
				res = &Claims{}
			}
			res.Loop = res.Loop || inLoop || (c != nil && c.Loop)
		}
	})
	return res
}

// WalkCalls calls visit for every call in n, saying whether it sits inside
// a for or range loop (of n itself; closures count as part of n).
func WalkCalls(n ast.Node, visit func(call *ast.CallExpr, inLoop bool)) {
	var walk func(n ast.Node, inLoop bool)
	walk = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				for _, part := range []ast.Node{n.Init, n.Cond, n.Post, n.Body} {
					if part != nil && !reflect.ValueOf(part).IsNil() {
						walk(part, part != n.Init || inLoop)
					}
				}
				return false
			case *ast.RangeStmt:
				walk(n.X, inLoop)
				walk(n.Body, true)
				return false
			case *ast.CallExpr:
				visit(n, inLoop)
			}
			return true
		})
	}
	walk(n, false)
}

// callee returns what the function a call calls does about claims.
func (g *callGraph) callee(call *ast.CallExpr) *Claims {
	fn, ok := typeutil.Callee(g.pass.TypesInfo, call).(*types.Func)
	if !ok {
		return nil
	}
	if c := g.claims[fn]; c != nil {
		return c
	}
	if fn.Pkg() != nil && fn.Pkg() != g.pass.Pkg {
		var c Claims
		if g.pass.ImportObjectFact(fn.Origin(), &c) {
			return &c
		}
	}
	return nil
}

func (g *callGraph) exportFacts() {
	for fn, c := range g.claims {
		g.pass.ExportObjectFact(fn, c)
	}
}
