package claimrace

import (
	"golang.org/x/tools/go/ssa"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// A store's poll that locks its batch (FOR UPDATE, SKIP LOCKED or not) in a
// transaction of its own, and commits before it returns the rows, hands
// its caller rows no lock holds any more: the caller's work (a send, a
// publish) and its mark by key run after the commit, and a second worker's
// poll (whose SKIP LOCKED no longer skips them, or whose FOR UPDATE
// waited for the commit) reads the same rows. A
// poll whose transaction also writes its table (an UPDATE to a working
// state, a lease, a DELETE) is not judged: that write is the claim.

const lockEndsMsg = "the transaction that holds this row lock commits before the rows are returned\n" +
	"the lock is released at Commit, before the caller does anything with the rows, so a second worker's poll " +
	"(another replica, the next tick) reads the same rows and both handle (send, publish) them; move the rows to a working state " +
	"in this transaction (UPDATE ... SET status = 'sending' ... RETURNING), or do the work and the mark before Commit"

// lockEndsBeforeReturn reports the locked polls whose transaction commits
// before the function returns what they read.
func (r *runner) lockEndsBeforeReturn() {
	for _, c := range r.m.Calls {
		for _, st := range c.Stmts {
			if st.Kind != sqlcheck.KindSelect || st.Step != nil || st.Lock == nil ||
				st.Role != queuemodel.RoleClaim && st.Role != queuemodel.RolePoll || r.m.Tables[st.On()] == nil {
				continue
			}
			at := r.e.Call(c.Expr)
			tx := r.e.TxOf(at)
			if at == nil || tx == nil || tx.Begin == nil || tx.Func != at.Parent() || r.othersInTx(tx, c, st.On()) {
				continue
			}
			if commit := committedBeforeReturn(r.e, tx, at); commit != nil {
				report(r.pass, st, st.Pos(), callPos(c.Func, commit), "the Commit that releases the lock", lockEndsMsg)
				break
			}
		}
	}
}

// othersInTx reports whether another SQL call of the package runs in tx
// and writes the table the poll reads (moves its rows on).
func (r *runner) othersInTx(tx *effects.Tx, poll *queuemodel.Call, table string) bool {
	for _, c := range r.m.Calls {
		if c == poll || r.e.TxOf(r.e.Call(c.Expr)) != tx {
			continue
		}
		for _, st := range c.Stmts {
			if st.Kind != sqlcheck.KindSelect && st.Kind != sqlcheck.KindInsert && st.On() == table {
				return true
			}
		}
	}
	return false
}

// committedBeforeReturn returns a Commit of tx that runs after the poll
// and before a return of what the poll read, on some path, with nothing
// written between the poll and the Commit (work done under the lock: a
// copy inserted per row); nil when there is none.
func committedBeforeReturn(e *effects.Effects, tx *effects.Tx, poll ssa.CallInstruction) ssa.CallInstruction {
	for _, b := range tx.Func.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || !returnsRows(e, poll, ret) {
			continue
		}
		for _, commit := range tx.Commits() {
			if effects.Before(poll, commit) && effects.Reaches(commit, ret, nil) && !e.WritesBetween(poll, commit) {
				return commit
			}
		}
	}
	return nil
}

// returnsRows reports whether a return gives back something the poll read.
func returnsRows(e *effects.Effects, poll ssa.CallInstruction, ret *ssa.Return) bool {
	for _, v := range ret.Results {
		if e.Flows(poll.Value(), v) {
			return true
		}
	}
	return false
}
