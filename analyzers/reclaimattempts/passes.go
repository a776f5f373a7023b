package reclaimattempts

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// reclaimedPass reports whether an attempt count is compared with a limit
// somewhere a reclaimed job passes before it runs again, or somewhere the
// package cannot judge. A job that kills its worker (out of memory, a
// panic in a goroutine) never reaches its failure path: a limit compared
// only there (Fail ... WHERE id = $1 AND attempts < max_attempts, dead :=
// attempts >= maxRetries in the function that records the failure) never
// stops its reclaims. It is passed by every reclaimed job when:
//   - a statement on the table that is not one job's failure outcome
//     compares the count: a reclaim or claim poll (AND attempts <
//     max_attempts), a reaper that fails the rows over the limit, a sweep,
//     a statement of another package; or a function body's IF does;
//   - Go code of the package compares it outside the failure path: in the
//     rescuer that reads the stuck jobs, in the worker after the claim;
//   - the claim hands the count to callers out of sight (an exported
//     function whose RETURNING lists it) that the package does not call
//     itself, or that a Go file elsewhere in the module selects along with
//     an attempt count: those callers may compare it.
func reclaimedPass(pass *analysis.Pass, m *queuemodel.Model, qt *queuemodel.QueueTable) bool {
	for _, st := range qt.Statements {
		for _, c := range st.Guards() {
			if attempts.Mentioned(c) {
				return true
			}
		}
		if st.Role == queuemodel.RoleReclaim && budgets(st, qt.StateColumn) {
			return true
		}
		if comparesOnTable(st.Stmt, qt) && !failureOutcome(st) {
			return true
		}
	}
	for _, s := range m.ModuleStatements() {
		if comparesOnTable(s, qt) {
			return true // another package's statement: its place is not judged
		}
	}
	fp := newFailurePaths(pass, m)
	for _, st := range qt.Statements {
		if st.Role != queuemodel.RoleClaim && st.Role != queuemodel.RoleReclaim || !st.ReturnsAttempts() {
			continue // the count a failure record or an enqueue returns is read by no reclaimed job's way
		}
		fn, _ := pass.TypesInfo.Defs[st.Call.Decl.Name].(*types.Func)
		if len(fp.calls[fn]) == 0 || m.AttemptsReadWithElsewhere(pass, st.Call.Decl.Name.Name) {
			return true // the count goes to callers the package does not hold
		}
	}
	return goBound(pass, fp)
}

// comparesOnTable reports whether a statement, or one it nests, compares
// an attempt count of the table with an ordering operator, in its WHERE or
// in the value it gives the state.
func comparesOnTable(top *sqlcheck.Stmt, qt *queuemodel.QueueTable) bool {
	found := false
	top.Walk(func(s *sqlcheck.Stmt) {
		if s.Table != qt.Name {
			return
		}
		for _, p := range s.Where {
			found = found || comparesAttempts(p.Text)
		}
		for _, a := range s.Set {
			found = found || a.Column == qt.StateColumn && comparesAttempts(a.Value.Text)
		}
	})
	return found
}

// failureOutcome reports whether a statement records one job's failure:
// a terminal failure or a retry (UPDATE ... SET state = 'queued' WHERE id
// = $1 AND attempts < max_attempts); queuemodel gives these roles to
// statements that name their rows, so a sweep over the queue is none of
// them. Only a job whose run returned an error gets there.
func failureOutcome(st *queuemodel.Statement) bool {
	return (st.Role == queuemodel.RoleFail || st.Role == queuemodel.RoleRetry) && st.Body == nil
}

// goBound reports whether Go code of the package (outside tests) compares
// an attempt count with a limit somewhere other than the failure path
// (see failurePath). A loop's condition (for i := 1; i < attempt; i++ in
// a backoff) and a floor (attempt < 1) bound nothing and are left out.
func goBound(pass *analysis.Pass, fp *failurePaths) bool {
	found := false
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if found {
				return false
			}
			if b, ok := n.(*ast.BinaryExpr); ok && ordering(b.Op) && (attemptOperand(b.X) || attemptOperand(b.Y)) &&
				!floor(b) && !loopCond(stack, b) && !fp.at(stack, b) {
				found = true
				return false
			}
			stack = append(stack, n)
			return true
		})
	}
	return found
}

func ordering(op token.Token) bool {
	return op == token.LSS || op == token.LEQ || op == token.GTR || op == token.GEQ
}

// floor reports whether a comparison sets a count against 0 or 1 (attempt
// < 1, attempts > 0): a default or a first run, no limit.
func floor(b *ast.BinaryExpr) bool {
	for _, e := range []ast.Expr{b.X, b.Y} {
		if lit, ok := ast.Unparen(e).(*ast.BasicLit); ok && (lit.Value == "0" || lit.Value == "1") {
			return true
		}
	}
	return false
}

// loopCond reports whether a comparison is (part of) a for loop's
// condition.
func loopCond(stack []ast.Node, b *ast.BinaryExpr) bool {
	for _, n := range stack {
		if f, ok := n.(*ast.ForStmt); ok && f.Cond != nil && f.Cond.Pos() <= b.Pos() && b.End() <= f.Cond.End() {
			return true
		}
	}
	return false
}

// failurePaths classifies the package's functions: those that only record
// a job's failure, and those only ever called on a failure path.
type failurePaths struct {
	pass  *analysis.Pass
	decls map[*types.Func]*ast.FuncDecl
	// stmts are the queue statements each function issues itself.
	stmts map[*ast.FuncDecl][]*queuemodel.Statement
	memo  map[*ast.FuncDecl]int // 0 unknown, 1 in progress, 2 yes, 3 no
	calls map[*types.Func][][]ast.Node
}

func newFailurePaths(pass *analysis.Pass, m *queuemodel.Model) *failurePaths {
	fp := &failurePaths{pass: pass, decls: map[*types.Func]*ast.FuncDecl{}, stmts: map[*ast.FuncDecl][]*queuemodel.Statement{},
		memo: map[*ast.FuncDecl]int{}, calls: map[*types.Func][][]ast.Node{}}
	for _, qt := range m.QueueTables() {
		for _, st := range qt.Statements {
			if st.Call != nil && st.Call.Decl != nil {
				fp.stmts[st.Call.Decl] = append(fp.stmts[st.Call.Decl], st)
			}
		}
	}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.Position(f.Pos()).Filename, "_test.go") {
			continue
		}
		var stack []ast.Node
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			switch n := n.(type) {
			case *ast.FuncDecl:
				if fn, ok := pass.TypesInfo.Defs[n.Name].(*types.Func); ok {
					fp.decls[fn] = n
				}
			case *ast.CallExpr:
				if fn := callee(pass, n); fn != nil {
					fp.calls[fn] = append(fp.calls[fn], append(slices.Clone(stack), n))
				}
			}
			stack = append(stack, n)
			return true
		})
	}
	return fp
}

// callee returns the function or method a call names statically.
func callee(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	var id *ast.Ident
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		id = f.Sel
	}
	if id == nil {
		return nil
	}
	fn, _ := pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}

// at reports whether the node at the end of stack (n) runs only on a
// failure path: under an error check (if err != nil { ... }, the else of
// if err == nil), or in a function that only records failures, or in one
// that only such places call.
func (fp *failurePaths) at(stack []ast.Node, n ast.Node) bool {
	for i := len(stack) - 1; i >= 0; i-- {
		if ifs, ok := stack[i].(*ast.IfStmt); ok && fp.errorBranch(ifs, n) {
			return true
		}
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if d, ok := stack[i].(*ast.FuncDecl); ok {
			return fp.failureFunc(d)
		}
	}
	return false
}

// errorBranch reports whether n sits in the branch of an if that runs
// when an error is not nil.
func (fp *failurePaths) errorBranch(ifs *ast.IfStmt, n ast.Node) bool {
	b, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || (b.Op != token.NEQ && b.Op != token.EQL) {
		return false
	}
	x, y := b.X, b.Y
	if isNil(x) {
		x, y = y, x
	}
	if !isNil(y) || !isError(fp.pass.TypesInfo.TypeOf(x)) {
		return false
	}
	var branch ast.Node = ifs.Body
	if b.Op == token.EQL {
		branch = ifs.Else
	}
	return branch != nil && branch.Pos() <= n.Pos() && n.End() <= branch.End()
}

func isNil(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

func isError(t types.Type) bool {
	return t != nil && types.Identical(t, types.Universe.Lookup("error").Type())
}

// failureFunc reports whether a function runs only on a failure path: it
// issues statements, every one a failure outcome (Fail, retry), and calls
// no function that claims; or it issues none and the package calls it,
// only from failure paths (a backoff computed for the retry).
func (fp *failurePaths) failureFunc(d *ast.FuncDecl) bool {
	switch fp.memo[d] {
	case 1, 3:
		return false
	case 2:
		return true
	}
	fp.memo[d] = 1
	ok := fp.judge(d)
	fp.memo[d] = 3
	if ok {
		fp.memo[d] = 2
	}
	return ok
}

func (fp *failurePaths) judge(d *ast.FuncDecl) bool {
	if stmts := fp.stmts[d]; len(stmts) > 0 {
		for _, st := range stmts {
			if st.Role != queuemodel.RoleFail && st.Role != queuemodel.RoleRetry {
				return false
			}
		}
		claims := false
		ast.Inspect(d, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if fn := callee(fp.pass, call); fn != nil {
					if cd := fp.decls[fn]; cd != nil {
						for _, st := range fp.stmts[cd] {
							claims = claims || st.Role == queuemodel.RoleClaim || st.Role == queuemodel.RoleReclaim
						}
					}
				}
			}
			return !claims
		})
		return !claims
	}
	fn, _ := fp.pass.TypesInfo.Defs[d.Name].(*types.Func)
	sites := fp.calls[fn]
	if fn == nil || len(sites) == 0 {
		return false
	}
	for _, path := range sites {
		if !fp.at(path[:len(path)-1], path[len(path)-1]) {
			return false
		}
	}
	return true
}
