package queuemodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// A loopCall is a call, in a Go file of the module, of an exported
// function or method by its selector (worker.Process, s.DrainOutbox), and
// whether a loop of the calling function runs it again after it returns
// an error: the loop goes on when the call's error is logged, counted, or
// dropped, and stops when the branch on it returns, breaks, or ends the
// process (log.Fatal, panic, os.Exit).
type loopCall struct {
	path     string
	name     string
	restarts bool
}

// loopCalls lists the calls of exported names of one file (see loopCall),
// read from its syntax alone: the packages that make them are out of
// sight of the package that declares the function under go vet.
func loopCalls(path string, f *ast.File) []loopCall {
	var out []loopCall
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.IsExported() {
				out = append(out, loopCall{path, sel.Sel.Name, restartsAfterError(stack, call)})
			}
		}
		stack = append(stack, n)
		return true
	})
	return out
}

// restartsAfterError reports whether the innermost for or range loop
// around call, within its function, runs it again when it returns an
// error (see loopCall). The call's error is its last result, assigned by
// the statement that holds the call; a call whose error nothing keeps
// goes on.
func restartsAfterError(stack []ast.Node, call *ast.CallExpr) bool {
	var loop ast.Node
	for i := len(stack) - 1; i >= 0 && loop == nil; i-- {
		switch n := stack[i].(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		case *ast.ForStmt:
			if n.Body.Pos() <= call.Pos() || (n.Cond != nil && n.Cond.Pos() <= call.Pos() && call.End() <= n.Cond.End()) {
				loop = n
			}
		case *ast.RangeStmt:
			if n.Body.Pos() <= call.Pos() {
				loop = n
			}
		}
	}
	if loop == nil {
		return false
	}
	// The variable the call's error goes to: err in err := x.Run(ctx),
	// n, err = ..., if err := ...; err != nil. A call whose value goes
	// elsewhere (wrapped, sent, returned) is not followed.
	var errName string
	switch parent := stack[len(stack)-1].(type) {
	case *ast.ExprStmt:
		return true // the error is dropped: the loop goes on
	case *ast.AssignStmt:
		if len(parent.Rhs) != 1 || ast.Unparen(parent.Rhs[0]) != call {
			return false
		}
		id, ok := parent.Lhs[len(parent.Lhs)-1].(*ast.Ident)
		if !ok {
			return false
		}
		if id.Name == "_" {
			return true
		}
		errName = id.Name
	default:
		return false
	}
	// The branch on it: the if whose init holds the call, or the first if
	// after the assignment, in its block, whose condition reads it. The
	// loop goes on when neither of its branches stops.
	as := stack[len(stack)-1]
	switch holder := stack[len(stack)-2].(type) {
	case *ast.IfStmt:
		return !branchStops(holder)
	case *ast.BlockStmt:
		at := slices.Index(holder.List, ast.Stmt(as.(*ast.AssignStmt)))
		for _, st := range holder.List[at+1:] {
			if ifs, ok := st.(*ast.IfStmt); ok && reads(ifs.Cond, errName) {
				return !branchStops(ifs)
			}
		}
		return true // the error is not checked: the loop goes on
	}
	return false
}

// branchStops reports whether either branch of an if stops (see stopsIn).
func branchStops(ifs *ast.IfStmt) bool {
	return stopsIn(ifs.Body) || (ifs.Else != nil && stopsIn(ifs.Else))
}

// reads reports whether an expression names the variable name.
func reads(e ast.Expr, name string) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name {
			found = true
		}
		return !found
	})
	return found
}

// stopsIn reports whether n, closures aside, returns, breaks out, jumps,
// or ends the process: log.Fatal..., panic, os.Exit.
func stopsIn(n ast.Node) bool {
	stops := false
	ast.Inspect(n, func(c ast.Node) bool {
		switch c := c.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			stops = true
		case *ast.BranchStmt:
			stops = stops || c.Tok == token.BREAK || c.Tok == token.GOTO
		case *ast.CallExpr:
			switch fun := c.Fun.(type) {
			case *ast.Ident:
				stops = stops || fun.Name == "panic"
			case *ast.SelectorExpr:
				x, _ := fun.X.(*ast.Ident)
				stops = stops || (x != nil && x.Name == "os" && fun.Sel.Name == "Exit") ||
					slices.Contains([]string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"}, fun.Sel.Name)
			}
		}
		return !stops
	})
	return stops
}

// RestartedByOtherPackages reports whether fn, an exported function or
// method of the package, is called by the module's other packages (by its
// name, read from their syntax) and every such call sits in a loop that
// runs it again after it returns an error: a ticker that logs the error
// and goes on at the next tick. A return of an error out of fn then ends
// one pass of that loop, not the worker. Test files are not read.
func RestartedByOtherPackages(pass *analysis.Pass, root string, fn *types.Func) bool {
	if fn == nil || !fn.Exported() || root == "" {
		return false
	}
	own := map[string]bool{}
	for _, f := range pass.Files {
		if abs, err := filepath.Abs(pass.Fset.File(f.Pos()).Name()); err == nil {
			own[abs] = true
		}
	}
	calls := 0
	for _, c := range moduleCallersOf(root).loops {
		if c.name != fn.Name() {
			continue
		}
		if abs, err := filepath.Abs(c.path); err == nil && own[abs] {
			continue
		}
		if !c.restarts {
			return false
		}
		calls++
	}
	return calls > 0
}
