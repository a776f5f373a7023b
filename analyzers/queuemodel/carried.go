package queuemodel

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

// carriedOutcomes returns the calls whose error is that of an outcome
// write made by another call: the Scan of a QueryRow that writes
// (UPDATE ... RETURNING: the statement's error arrives with the row), and
// the Commit of a transaction the function begins, in which the write
// runs (it is recorded only if the Commit succeeds). A function that
// returns such an error passes the write's on.
func carriedOutcomes(pass *analysis.Pass, outcomes map[*ast.CallExpr]Outcomes) map[*ast.CallExpr]Outcomes {
	if len(outcomes) == 0 {
		return nil
	}
	out := map[*ast.CallExpr]Outcomes{}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && sel.Sel.Name == "Scan" {
				if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok && outcomes[inner] != 0 {
					out[call] |= outcomes[inner]
				}
			}
			return true
		})
	}
	e := effectsOf(pass)
	if e == nil || e.Pkg() == nil {
		return out
	}
	commits := map[ssa.CallInstruction]Outcomes{}
	for call, o := range outcomes {
		at := e.Call(call)
		if at == nil {
			continue
		}
		if tx := e.TxOf(at); tx != nil && tx.Begin != nil && tx.Func == at.Parent() {
			for _, c := range tx.Commits() {
				commits[c] |= o
			}
		}
	}
	if len(commits) == 0 {
		return out
	}
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if o := commits[e.Call(call)]; o != 0 {
					out[call] |= o
				}
			}
			return true
		})
	}
	return out
}
