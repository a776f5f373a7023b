package claimrace

import (
	"fmt"
	"go/ast"
	"go/types"
	"regexp"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// advisoryLock matches SQL that takes an advisory lock, of either scope.
var advisoryLock = regexp.MustCompile(`(?i)\bpg_(try_)?advisory_(xact_)?lock(_shared)?\s*\(`)

// splitClaims judges the claims this package joins from another package's
// functions (queuemodel.SplitClaims): the poll's SELECT and the take's
// UPDATE each run on a pool, so each commits on its own, and only a lock
// the caller takes around both keeps two workers apart (a take that
// re-checks the state is a compare-and-set, judged in its own package). Halves
// that run on what the caller gives them are the caller's transaction,
// which the tool does not follow here: it stays silent.
func (r *runner) splitClaims() {
	for _, s := range r.m.SplitClaims() {
		if !s.Poll.Receiver.Autocommit() || !s.Take.Receiver.Autocommit() || r.locksIn(s.Decl) {
			continue
		}
		d := analysis.Diagnostic{
			Pos:     s.PollSite.Pos(),
			Related: []analysis.RelatedInformation{{Pos: s.TakeSite.Pos(), Message: "the call of " + s.TakeFunc.Name() + ", whose UPDATE takes the job"}},
		}
		switch {
		case s.Relay:
			if r.m.ModuleTakesAdvisoryLock() {
				continue // one relay at a time, or a leader (see relays)
			}
			d.Related[0].Message = "the call of " + s.TakeFunc.Name() + ", whose UPDATE marks the rows"
			d.Message = fmt.Sprintf("two relays read the same unmarked rows: each hands them on before either marks them\n"+
				"%s's SELECT takes no lock and %s's UPDATE, called here after the rows were handed on, commits on its own: "+
				"a second relay reads the same rows in between, and both publish (send, process) them; %s", s.PollFunc.Name(), s.TakeFunc.Name(), relayFix)
		case s.Poll.Locked && s.Poll.Committed:
			d.Message = fmt.Sprintf("%s's FOR UPDATE runs in a transaction it ends before it returns, which releases its row lock\n"+
				"%s's UPDATE, called next here, commits on its own: a second worker selects the same row in between, and both take it; "+
				"run the SELECT and the UPDATE in one transaction, or %s",
				s.PollFunc.Name(), s.TakeFunc.Name(), fixAtomic)
		case s.Poll.Locked:
			d.Message = fmt.Sprintf("%s's FOR UPDATE runs on a %s and releases its row lock as soon as the SELECT returns\n"+
				"%s's UPDATE, called next here, commits on its own: a second worker selects the same row in between, and both take it; %s",
				s.PollFunc.Name(), s.Poll.Receiver, s.TakeFunc.Name(), fixAtomic)
		default:
			d.Message = fmt.Sprintf("two workers can claim the same job\n%s's SELECT and %s's UPDATE, called in turn here, each commit on their own: "+
				"both workers read the same row before either UPDATE runs, and both UPDATEs succeed because the UPDATE does not re-check the status; %s",
				s.PollFunc.Name(), s.TakeFunc.Name(), fixAtomic)
		}
		r.pass.Report(d)
	}
	for _, s := range r.m.FarSplits() {
		if !s.Poll.Receiver.Autocommit() || !s.Take.Receiver.Autocommit() {
			continue
		}
		caller := queuemodel.FuncName(s.Caller.(*types.Func))
		var msg string
		switch {
		case s.Relay:
			if r.m.ModuleTakesAdvisoryLock() {
				continue
			}
			msg = fmt.Sprintf("two relays read the same unmarked rows: each hands them on before either marks them\n"+
				"%s calls %s's SELECT, which takes no lock, hands the rows on, then calls %s's UPDATE (%s; both are reached through the interfaces "+
				"and constructors this command wires): a second relay reads the same rows in between, and both publish (send, process) them; %s",
				caller, s.PollName, s.TakeName, s.At, relayFix)
		case s.Poll.Locked && s.Poll.Committed:
			msg = fmt.Sprintf("%s's FOR UPDATE runs in a transaction it ends before it returns, which releases its row lock\n"+
				"%s calls it, then %s, whose UPDATE commits on its own (%s; both are reached through the interfaces and constructors this command wires): "+
				"a second worker selects the same rows in between, and both take them; run the SELECT and the UPDATE in one transaction, or %s",
				s.PollName, caller, s.TakeName, s.At, fixAtomic)
		case s.Poll.Locked:
			msg = fmt.Sprintf("%s's FOR UPDATE runs on a %s and releases its row lock as soon as the SELECT returns\n"+
				"%s calls it, then %s, whose UPDATE commits on its own (%s; both are reached through the interfaces and constructors this command wires): "+
				"a second worker selects the same rows in between, and both take them; %s",
				s.PollName, s.Poll.Receiver, caller, s.TakeName, s.At, fixAtomic)
		default:
			msg = fmt.Sprintf("two workers can claim the same job\n%s calls %s's SELECT, then %s's UPDATE (%s), each committing on its own "+
				"(both are reached through the interfaces and constructors this command wires): both workers read the same row before either UPDATE runs, "+
				"and both UPDATEs succeed because the UPDATE does not re-check the status; %s", caller, s.PollName, s.TakeName, s.At, fixAtomic)
		}
		r.pass.Report(analysis.Diagnostic{Pos: s.Pos(), Message: msg})
	}
}

// locksIn reports whether a function takes an advisory lock in SQL of its
// own: the caller may serialise its claims, which the tool leaves to it.
func (r *runner) locksIn(decl *ast.FuncDecl) bool {
	for _, c := range r.m.Calls {
		if c.Decl == decl && (!c.Known || advisoryLock.MatchString(c.SQL)) {
			return true
		}
	}
	return false
}
