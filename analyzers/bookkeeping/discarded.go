package bookkeeping

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// msgDiscarded is the finding on a completion whose error nobody reads.
const msgDiscarded = "the error of this completion is discarded\nwhen recording success fails (a dropped connection), the finished job stays claimed: it runs again once reclaimed, " +
	"or stays in progress for ever, and nothing says why; check the error: retry the write, and log what still fails"

// msgDiscardedCarried is the finding on a call that claims a job and
// returns its completion's error among others, whose error nobody reads.
const msgDiscardedCarried = "the error of this call, which may be its completion's, is discarded\nwhen recording success fails (a dropped connection), the finished job stays claimed: it runs again once reclaimed, " +
	"or stays in progress for ever, and nothing says why; check the error: retry the write, and log what still fails"

// checkDiscarded reports the bookkeeping writes whose error the code
// drops, after a claim (see afterClaim): a call made as a statement, one
// assigned to blanks only, or one whose error variable is assigned again
// before anything reads it (on SSA). The write is the SQL call itself, or
// a call of a function that passes a write's error on (queuemodel's
// Jobs.Passes: it returns that error, as it is or wrapped, and does
// nothing else with it), of this package or of another through facts,
// or a job record's outcome that may record success, after the record's
// running write (see queuemodel.JobRecord). A
// function that logs the error before it returns it, or returns none,
// has nothing to drop. Only completions are reported: a dropped failure
// or retry write leaves a job that did not succeed in its claimed state,
// which the reclaim takes back (and where nothing does, the lease rule
// reports the claim); no finished work runs again (see the rule's
// limits). Deferred and spawned calls are left alone.
func (s *summary) checkDiscarded(files []*ast.File, report func(token.Pos, string)) {
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			var call *ast.CallExpr
			switch n := n.(type) {
			case *ast.ExprStmt:
				call, _ = ast.Unparen(n.X).(*ast.CallExpr)
			case *ast.AssignStmt:
				if len(n.Rhs) == 1 && allBlank(n.Lhs) {
					call, _ = ast.Unparen(n.Rhs[0]).(*ast.CallExpr)
				}
			case *ast.CallExpr:
				if s.e.DroppedError(s.e.Call(n)) {
					call = n
				}
			}
			if call == nil || !s.returnsError(call) {
				return true
			}
			switch {
			case s.droppedCompletion(call) && (s.afterClaim(call) || s.recordOutcome(call)):
				report(call.Pos(), msgDiscarded)
			case s.droppedCarried(call):
				report(call.Pos(), msgDiscardedCarried)
			}
			return true
		})
	}
}

// droppedCompletion reports whether a call records success and its
// error is the completion's: the SQL call itself (not one on a
// transaction, whose error the Commit reports), a helper of the package
// whose call gives it a state that records success (chosenCompletion),
// or a function that passes on a completion's error: one that records
// no other outcome, or one that may, called only once the job's work
// succeeded (see effects.AfterSuccess). Elsewhere a write of several
// outcomes records the one its caller chooses, which the tool cannot
// always tell.
func (s *summary) droppedCompletion(call *ast.CallExpr) bool {
	if s.m.Outcomes(call) != 0 {
		return s.completion(call) == call && s.decl(call) == nil && s.succeedsIfSQL(call) && !s.givesFailure(call)
	}
	if s.chosenCompletion(call) {
		return true
	}
	if end, ok := s.m.RecordEnd(call); ok && end.Succeeds {
		return true // a job record's outcome, success among the states the call may write
	}
	j := s.m.JobsOf(call)
	if j != nil && s.decl(call) == nil && j.Completes && j.Returns && !s.givesFailure(call) && s.lastOfItsKind(call) {
		// Another package's write whose facts say it completes, given
		// a state by its caller that no word says is a success nor a
		// failure, with no later call of it: a relay's mark given its
		// handed-on state (UpdateOutboxStatus(ctx, Params{Status:
		// "enqueued"})), not a step between two parts of the work
		// (Move(ctx, id, "rendering"), then Move(ctx, id, "done")).
		if _, given := s.constantState(call); given {
			return true
		}
	}
	if j == nil || j.Passes&queuemodel.OutcomeSuccess == 0 || s.givesFailure(call) {
		return false
	}
	if j.Passes == queuemodel.OutcomeSuccess {
		return true
	}
	// A write of several outcomes records the state the call gives it:
	// for a helper of the package, chosenCompletion judged it (save(ctx,
	// j) after j.Status = "rendering" records none); for a function of
	// another package, whose statements are out of sight, the constant
	// strings among its arguments name it (SetStatus(ctx,
	// Params{Status: "completed"})). A call that gives no state records
	// success where it runs only once the job's work succeeded
	// (j.Complete(true, nil) after the handler's err == nil).
	if s.decl(call) != nil {
		if s.givesState(call) {
			return false
		}
	} else if success, given := s.constantState(call); given {
		return success
	}
	return effects.AfterSuccess(s.e.Call(call))
}

// droppedCarried reports whether a call claims a job and may return the
// error of the job's completion among its other errors (queuemodel's
// Jobs.Carries: ProcessNext claims, runs the job, and returns the
// completion's error as it is), which the caller drops. A function that
// claims in a loop and returns the error stops that loop on it: the stop
// is judged there, not here.
func (s *summary) droppedCarried(call *ast.CallExpr) bool {
	j := s.m.JobsOf(call)
	return j != nil && j.Carries&queuemodel.OutcomeSuccess != 0 && j.Passes&queuemodel.OutcomeSuccess == 0 && !j.Loop
}

// lastOfItsKind reports whether no call of the same function can run
// after call in its function.
func (s *summary) lastOfItsKind(call *ast.CallExpr) bool {
	at := s.e.Call(call)
	if at == nil {
		return false
	}
	callee := at.Common().StaticCallee()
	if callee == nil {
		return false
	}
	for _, blk := range at.Parent().Blocks {
		for _, instr := range blk.Instrs {
			c, ok := instr.(ssa.CallInstruction)
			if ok && c != at && c.Common().StaticCallee() == callee && effects.Reaches(at, c, nil) {
				return false
			}
		}
	}
	return true
}

// givesState reports whether a call of a helper of the package gives a
// statement of the helper its state (see queuemodel.Statement.GivesState).
func (s *summary) givesState(call *ast.CallExpr) bool {
	decl := s.decl(call)
	for _, c := range s.m.Calls {
		if c.Decl != decl {
			continue
		}
		for _, st := range c.Stmts {
			if st.GivesState(call) {
				return true
			}
		}
	}
	return false
}

// constantState reports whether a call's arguments hold constant strings
// (given), directly or as fields of a literal, and whether one of them
// names a state that records success.
func (s *summary) constantState(call *ast.CallExpr) (success, given bool) {
	for _, arg := range call.Args {
		ast.Inspect(arg, func(n ast.Node) bool {
			if _, lit := n.(*ast.FuncLit); lit {
				return false
			}
			e, ok := n.(ast.Expr)
			if !ok {
				return true
			}
			tv := s.pass.TypesInfo.Types[e]
			if tv.Value == nil || tv.Value.Kind() != constant.String {
				return true
			}
			given = true
			v := constant.StringVal(tv.Value)
			success = success || queuemodel.NamesSuccess(v)
			return false
		})
	}
	return success, given
}

// chosenCompletion reports whether a call of a helper of the package
// records success because of the state it gives the helper (save(ctx, j)
// after j.Status = Done; setStatus(ctx, id, Done)): a statement of the
// helper whose state is bound through this call completes the job, and
// the helper returns that statement's error. The same helper called with
// a failed or an in-between state records no success there.
func (s *summary) chosenCompletion(call *ast.CallExpr) bool {
	decl := s.decl(call)
	if decl == nil || s.returnedCompletion(decl.Body) == nil {
		return false
	}
	for _, c := range s.m.Calls {
		if c.Decl != decl {
			continue
		}
		for _, st := range c.Stmts {
			qt := s.m.Tables[st.Table]
			if qt != nil && st.Role == queuemodel.RoleComplete && qt.SucceedsAt(st, call) {
				return true
			}
		}
	}
	return false
}

// givesFailure reports whether a call of another package's write gives it
// a failed state and no other (see queuemodel.GivesFailure). A write whose
// state its caller chooses records success only when given one (eval22
// notif: status 'failed' after a failed publish; when that write fails
// the row stays pending and the failed publish is tried again, nothing
// that finished runs twice).
func (s *summary) givesFailure(call *ast.CallExpr) bool {
	return queuemodel.GivesFailure(s.pass.TypesInfo, call)
}

func allBlank(lhs []ast.Expr) bool {
	for _, l := range lhs {
		if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
			return false
		}
	}
	return true
}

// returnsError reports whether a call's last result is an error: a store
// method that returns nothing has no error to drop.
func (s *summary) returnsError(call *ast.CallExpr) bool {
	t := s.pass.TypesInfo.TypeOf(call)
	if tup, ok := t.(*types.Tuple); ok && tup.Len() > 0 {
		t = tup.At(tup.Len() - 1).Type()
	}
	return t != nil && types.Identical(t, errorType)
}

// succeedsIfSQL reports, for a call that runs SQL itself, whether one of
// its statements records the job's success (see QueueTable.Succeeds); a
// status write between two steps of the work (SET status = 'extracting')
// records none. Calls of other packages' stores are true.
func (s *summary) succeedsIfSQL(call *ast.CallExpr) bool {
	for _, c := range s.m.Calls {
		if c.Expr != call {
			continue
		}
		for _, st := range c.Stmts {
			if qt := s.m.Tables[st.Table]; qt != nil && st.Role == queuemodel.RoleComplete && qt.Succeeds(st) {
				return true
			}
		}
		return false
	}
	return true
}

// recordOutcome reports whether a call writes a job record's outcome
// after the work (see queuemodel.JobRecord): the record's write to its
// running state, which holds the job as a claim does, runs before it.
func (s *summary) recordOutcome(call *ast.CallExpr) bool {
	_, ok := s.m.RecordEnd(call)
	return ok
}

// afterClaim reports whether a claim runs before the call: in its
// function, or in a caller of the package that reaches the call's
// function after claiming. A store's Delete dropped in an HTTP handler's
// rollback holds no job; a function whose callers are out of sight is not
// taken to hold one either.
func (s *summary) afterClaim(call *ast.CallExpr) bool {
	at := s.e.Call(call)
	return at != nil && s.claimedBefore(at, map[*ssa.Function]bool{})
}

func (s *summary) claimedBefore(at ssa.Instruction, seen map[*ssa.Function]bool) bool {
	fn := at.Parent()
	for _, c := range s.claims(fn) {
		if c != nil && (c.Parent() != fn || effects.Reaches(c, at, nil)) {
			return true
		}
	}
	if seen[fn] {
		return false
	}
	seen[fn] = true
	for _, k := range s.e.CallersOf(fn) {
		if s.claimedBefore(k, seen) {
			return true
		}
	}
	return false
}
