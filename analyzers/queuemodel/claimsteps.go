package queuemodel

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// This file holds the claim's shapes beyond one statement in one function:
// an UPDATE nested in a CTE under a SELECT, a poll and its take in two
// functions called one after the other, and the receivers such functions
// run on, known only where they are called (sqlc's q.WithTx(tx), New(pool)).

// NestedClaim returns the UPDATE (or DELETE ... RETURNING) that a SELECT
// holds in a CTE and that takes rows of a table the statement polls:
// WITH next AS (SELECT ...), claimed AS (UPDATE ... RETURNING ...) SELECT
// ... FROM claimed. It returns nil for any other statement.
func (st *Statement) NestedClaim() *sqlcheck.Stmt {
	if st.Kind != sqlcheck.KindSelect {
		return nil
	}
	polled := map[string]bool{}
	for _, p := range st.Polls {
		polled[p.Table] = true
	}
	var found *sqlcheck.Stmt
	st.Stmt.Walk(func(s *sqlcheck.Stmt) {
		if found != nil || s == st.Stmt || !polled[s.Table] {
			return
		}
		if s.Kind == sqlcheck.KindUpdate || (s.Kind == sqlcheck.KindDelete && s.Returning != nil) {
			found = s
		}
	})
	return found
}

// On returns the table a statement works on as a queue: its own; for a
// SELECT that nests a claim, the table that claim takes rows from; for a
// SELECT that reads a WITH query, the table that query reads.
func (st *Statement) On() string {
	if n := st.NestedClaim(); n != nil {
		return n.Table
	}
	if st.Table == "" && st.Kind == sqlcheck.KindSelect && st.FromCTE != "" {
		// WITH next AS (SELECT ... FROM outbox ...) SELECT * FROM next:
		// what it reads is the WITH query's table.
		for _, c := range st.CTEs {
			if c.Name == st.FromCTE && c.Stmt.Kind == sqlcheck.KindSelect {
				return c.Stmt.Table
			}
		}
	}
	if src := st.ReadsFrom(); src != nil && src.Kind == sqlcheck.KindSelect {
		return src.Table // SELECT * FROM (SELECT ... FROM outbox ...) next
	}
	if src := st.LockedFrom(); src != nil {
		return src.Table // SELECT ... FROM (SELECT ... FOR UPDATE SKIP LOCKED) c JOIN issuers i ON ...
	}
	return st.Table
}

// claimedState returns the state a claim moves jobs to, from its own SET
// or from the UPDATE it nests.
func (qt *QueueTable) claimedState(st *Statement) (string, bool) {
	if v, ok := qt.AssignedState(st); ok {
		return v, true
	}
	if n := st.NestedClaim(); n != nil && qt.StateColumn != "" {
		if v, ok := n.Assigns(qt.StateColumn); ok {
			return valueState(v, qt.nullState)
		}
	}
	return "", false
}

// A ClaimPath is a poll and its take in two functions of the package that
// one caller calls one after the other: id := r.nextDue(ctx), then
// r.markRunning(ctx, id).
type ClaimPath struct {
	PollSite, StepSite *ast.CallExpr // the caller's calls of the two functions
	// PollRecv is what the poll's function runs on as the caller calls
	// it, when its own receiver is an interface (sqlc's DBTX) and the
	// caller's value says: New(pool), q.WithTx(tx).
	PollRecv Receiver
}

// ClaimPathOf returns how the caller joins a poll and its take when they
// sit in different functions, or nil.
func (m *Model) ClaimPathOf(poll *Statement) *ClaimPath { return m.paths[poll] }

// crossFunctionSteps pairs each SELECT poll that found no take in its own
// function with the UPDATE by key, in another function of the package,
// that a caller runs right after it and that moves the job out of the
// states jobs are created and polled in (as claimStep does in one function).
func (b *builder) crossFunctionSteps(qt *QueueTable, firm, claimed map[string]bool) {
	for _, poll := range qt.Statements {
		if poll.Kind != sqlcheck.KindSelect || len(poll.Polls) == 0 || poll.Step != nil || poll.NestedClaim() != nil || !wholeFunc(poll.Call) {
			continue
		}
		pollFn := b.funcOf(poll.Call.Decl)
		for _, st := range qt.Statements {
			v, ok := qt.AssignedState(st)
			if st.Role != RoleNone || st.Kind != sqlcheck.KindUpdate || !ok || firm[v] || !byKey(st.Stmt) || st.PolledBy != nil ||
				!wholeFunc(st.Call) || st.Call.Decl == poll.Call.Decl {
				continue
			}
			path := b.callsInTurn(pollFn, b.funcOf(st.Call.Decl))
			if path == nil && !qt.successLike(v) {
				// A helper's UPDATE to a state that says the rows are
				// done (sent) marks them, it takes nothing.
				path = b.helperStep(poll, st)
			}
			if path == nil || b.effects.WorkBetween(b.effects.Call(path.PollSite), b.effects.Call(path.StepSite)) {
				continue // work given the rows before the UPDATE: it marks them, a relay's (see relay.go)
			}
			st.Role = RoleClaim
			poll.Step, st.PolledBy = st, poll
			claimed[v] = true
			if b.model.paths == nil {
				b.model.paths = map[*Statement]*ClaimPath{}
			}
			b.model.paths[poll] = path
			break
		}
	}
}

// helperStep returns how the poll's own function hands each row it read
// to a helper of the package that takes it: processQueue polls a batch,
// and for each row calls processEmail(ctx, pool, id, ...), whose first
// statement is UPDATE ... SET status = 'processing' WHERE id = $1. The
// helper is given something the poll read, after the poll, and does no
// work before its UPDATE (work first: the UPDATE marks what the work did);
// the UPDATE binds a value from the poll's rows. The path's PollSite is
// the poll's own call, so the claim is judged where the poll is written.
func (b *builder) helperStep(poll, step *Statement) *ClaimPath {
	helper := b.funcOf(step.Call.Decl)
	pollAt, stepAt := b.effects.Call(poll.Call.Expr), b.effects.Call(step.Call.Expr)
	if helper == nil || pollAt == nil || stepAt == nil || effects.WorkBefore(stepAt) || !b.bindsRows(pollAt, stepAt) {
		return nil
	}
	var site *ast.CallExpr
	ast.Inspect(poll.Call.Decl.Body, func(n ast.Node) bool {
		if _, lit := n.(*ast.FuncLit); lit || site != nil {
			return false
		}
		call, ok := n.(*ast.CallExpr)
		if !ok || b.calleeOf(call) != helper {
			return true
		}
		if at := b.effects.Call(call); at != nil && at != pollAt && effects.MayRunBefore(pollAt, at) && b.givenRows(pollAt, at) {
			site = call
		}
		return true
	})
	if site == nil {
		return nil
	}
	return &ClaimPath{PollSite: poll.Call.Expr, StepSite: site}
}

// givenRows reports whether a call is given something a poll read.
func (b *builder) givenRows(poll, call ssa.CallInstruction) bool {
	for _, a := range call.Common().Args {
		for _, rows := range effects.RowsOf(poll) {
			if b.effects.Flows(rows, a) {
				return true
			}
		}
	}
	return false
}

// bindsRows reports whether an UPDATE's call binds a value a poll read,
// through the helper's parameters (Flows follows the package's calls).
func (b *builder) bindsRows(poll, update ssa.CallInstruction) bool {
	for _, a := range update.Common().Args {
		for _, rows := range effects.RowsOf(poll) {
			if b.effects.Flows(rows, a) {
				return true
			}
		}
	}
	return false
}

// wholeFunc reports whether a call sits directly in a function declaration.
func wholeFunc(c *Call) bool { return c.Decl != nil && c.Func == ast.Node(c.Decl) }

func (b *builder) funcOf(decl *ast.FuncDecl) *types.Func {
	fn, _ := b.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	return fn
}

// callsInTurn finds a function of the package whose body calls first, then
// second, and returns the two call sites with the receivers they give.
func (b *builder) callsInTurn(first, second *types.Func) *ClaimPath {
	if first == nil || second == nil {
		return nil
	}
	for _, f := range b.pass.Files {
		for _, d := range f.Decls {
			decl, ok := d.(*ast.FuncDecl)
			if !ok || decl.Body == nil {
				continue
			}
			var firsts []*ast.CallExpr
			var firstCall, secondCall *ast.CallExpr
			ast.Inspect(decl.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					_, lit := n.(*ast.FuncLit)
					return !lit
				}
				switch b.calleeOf(call) {
				case first:
					firsts = append(firsts, call)
				case second:
					if secondCall != nil {
						break
					}
					for _, f := range firsts {
						if b.inTurn(f, call) {
							firstCall, secondCall = f, call
							break
						}
					}
				}
				return true
			})
			if secondCall == nil {
				continue
			}
			return &ClaimPath{PollSite: firstCall, StepSite: secondCall, PollRecv: b.siteReceiver(decl, firstCall)}
		}
	}
	return nil
}

// inTurn reports whether the call second can follow first, earlier in
// the source, on a path of the function's control flow: not when each
// sits in its own case of a switch (an HTTP handler's GET and DELETE).
// With no SSA for either, the source order alone decides.
func (b *builder) inTurn(first, second *ast.CallExpr) bool {
	f, s := b.effects.Call(first), b.effects.Call(second)
	if f == nil || s == nil {
		return true
	}
	return effects.MayRunBefore(f, s)
}

func (b *builder) calleeOf(call *ast.CallExpr) *types.Func {
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
	fn, _ := b.pass.TypesInfo.Uses[id].(*types.Func)
	return fn
}

// siteReceiver returns what a method call's receiver value wraps, when the
// caller made it in its body from a database value: q := New(pool), qtx :=
// q.WithTx(tx).
func (b *builder) siteReceiver(decl *ast.FuncDecl, call *ast.CallExpr) Receiver {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return RecvUnknown
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return RecvUnknown
	}
	v := b.pass.TypesInfo.Uses[id]
	var made *ast.CallExpr
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != len(as.Rhs) {
			return true
		}
		for i, l := range as.Lhs {
			if lid, ok := l.(*ast.Ident); ok && b.pass.TypesInfo.ObjectOf(lid) == v {
				made, _ = ast.Unparen(as.Rhs[i]).(*ast.CallExpr)
			}
		}
		return true
	})
	if made == nil || len(made.Args) != 1 {
		return RecvUnknown
	}
	return receiverOf(b.pass.TypesInfo.TypeOf(made.Args[0]))
}
