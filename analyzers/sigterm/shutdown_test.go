package sigterm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// The SIGTERM finding sits at the start of the claim loop closest to func
// main, whatever order the files were parsed in (the standalone driver
// parses them in parallel, so token positions across files change from run
// to run) and whatever order the starts were found in.
func TestOutermostIgnoresParseOrder(t *testing.T) {
	const mainSrc = `package main
func main() { run() }`
	const loopSrc = `package main
func poll() { for { claim() } }`
	for _, order := range [][]string{{"main.go", "a_loop.go"}, {"a_loop.go", "main.go"}} {
		fset := token.NewFileSet()
		calls := map[string]*ast.CallExpr{}
		for _, name := range order {
			src := map[string]string{"main.go": mainSrc, "a_loop.go": loopSrc}[name]
			f, err := parser.ParseFile(fset, name, src, 0)
			if err != nil {
				t.Fatal(err)
			}
			ast.Inspect(f, func(n ast.Node) bool {
				if call, ok := n.(*ast.CallExpr); ok {
					calls[call.Fun.(*ast.Ident).Name] = call
				}
				return true
			})
		}
		inMain := loopStart{calls["run"], 0}
		deep := loopStart{calls["claim"], 2}
		for _, starts := range [][]loopStart{{inMain, deep}, {deep, inMain}} {
			if got := outermost(fset, starts); got != inMain.call {
				t.Errorf("files parsed in order %v, starts %v: reported at %s, want the call of run in main", order, starts, fset.Position(got.Pos()))
			}
		}
		// Two starts in main itself: the first in file order.
		again := loopStart{calls["claim"], 0}
		for _, starts := range [][]loopStart{{inMain, again}, {again, inMain}} {
			if got := outermost(fset, starts); got != again.call {
				t.Errorf("files parsed in order %v: reported at %s, want a_loop.go (first file by name)", order, fset.Position(got.Pos()))
			}
		}
	}
}

// A call whose function has no recorded type (the driver hands some
// packages over with their syntax but no type information) is not taken
// for one of Notify's shape, and does not stop the rule.
func TestNotifyShapedWithoutTypes(t *testing.T) {
	call, err := parser.ParseExpr(`notify(stop, syscall.SIGTERM)`)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{TypesInfo: &types.Info{Types: map[ast.Expr]types.TypeAndValue{}}}
	if notifyShaped(pass, call.(*ast.CallExpr)) {
		t.Fatal("a call with no type taken for Notify's shape")
	}
}
