package lease

import (
	"fmt"
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
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

// callGraph is what the package's functions do about claims.
type callGraph struct {
	pass   *analysis.Pass
	decls  map[*types.Func]*ast.FuncDecl
	claims map[*types.Func]*Claims
}

func buildCallGraph(pass *analysis.Pass, m *queuemodel.Model) *callGraph {
	g := &callGraph{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, claims: map[*types.Func]*Claims{}}
	claimCalls := map[*ast.CallExpr]bool{}
	for _, c := range m.Calls {
		for _, st := range c.Stmts {
			if st.Role == queuemodel.RoleClaim || st.Role == queuemodel.RolePoll {
				claimCalls[c.Expr] = true
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
			got := g.scan(decl, claimCalls)
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
func (g *callGraph) scan(decl *ast.FuncDecl, claimCalls map[*ast.CallExpr]bool) *Claims {
	var res *Claims
	var visit func(n ast.Node, inLoop bool)
	visit = func(n ast.Node, inLoop bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ForStmt:
				visit(n.Body, true)
				return false
			case *ast.RangeStmt:
				visit(n.Body, true)
				return false
			case *ast.CallExpr:
				c := g.callee(n)
				if claimCalls[n] || c != nil {
					if res == nil {
						res = &Claims{}
					}
					res.Loop = res.Loop || inLoop || (c != nil && c.Loop)
				}
			}
			return true
		})
	}
	visit(decl.Body, false)
	return res
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

// checkShutdown reports a main package that starts a claim loop and never
// asks to be told about SIGTERM.
func checkShutdown(pass *analysis.Pass, g *callGraph) {
	if handlesSIGTERM(pass) {
		return
	}
	var starts []*ast.CallExpr
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if c := g.callee(call); c != nil && c.Loop {
					starts = append(starts, call)
				}
			}
			return true
		})
	}
	if len(starts) == 0 {
		return
	}
	sort.Slice(starts, func(i, j int) bool { return starts[i].Pos() < starts[j].Pos() })
	call := starts[0]
	name := types.ExprString(call.Fun)
	pass.Report(analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: "lease",
		Message: fmt.Sprintf("%s starts a claim loop, but this command never handles SIGTERM: every deploy kills the worker with a job in hand; "+
			"use signal.NotifyContext(ctx, syscall.SIGTERM), stop claiming when ctx is done, and let the job in hand finish", name),
	})
}

// handlesSIGTERM reports whether the package asks for SIGTERM:
// signal.Notify or signal.NotifyContext with syscall.SIGTERM (or with no
// signal list, which means every signal).
func handlesSIGTERM(pass *analysis.Pass) bool {
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || found {
				return !found
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "os/signal" {
				return true
			}
			if fn.Name() != "Notify" && fn.Name() != "NotifyContext" {
				return true
			}
			sigs := call.Args[1:]
			if len(sigs) == 0 || call.Ellipsis.IsValid() {
				found = true
			}
			for _, s := range sigs {
				if isSIGTERM(pass, s) {
					found = true
				}
			}
			return true
		})
	}
	return found
}

// isSIGTERM reports whether e is the constant SIGTERM (15) of syscall or
// golang.org/x/sys/unix.
func isSIGTERM(pass *analysis.Pass, e ast.Expr) bool {
	tv, ok := pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	named, ok := tv.Type.(*types.Named)
	return ok && named.Obj().Name() == "Signal" && tv.Value.String() == "15"
}
