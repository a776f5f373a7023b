package claimrace

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/effects"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

const (
	relayFix = "a re-check in the mark (AND processed_at IS NULL) comes after the publish and does not prevent it; " +
		"read the rows with FOR UPDATE SKIP LOCKED in a transaction that lasts until the mark, claim them before handing " +
		"them on (UPDATE ... RETURNING), or run one relay at a time (pg_try_advisory_lock)"
	relayMsg = "two relays read the same unmarked rows: each hands them on before either marks them\n" +
		"this SELECT takes no lock that lasts until the mark, so a second relay (another replica, another worker) reads " +
		"the same rows before the first marks them, and both publish (send, process) each of them; " + relayFix
)

// relays reports the polls of relay queues (see queuemodel's relay.go)
// that nothing keeps two relays from running at once: the poll takes no
// lock (a locked poll makes a claim), and is neither serialised by an
// advisory lock nor in a snapshot transaction that also marks.
func (r *runner) relays() {
	if r.advisoryLocked() {
		return // one relay at a time, or a leader: the tool does not follow which path takes it
	}
	names := make([]string, 0, len(r.m.Tables))
	for name, qt := range r.m.Tables {
		if qt.Relay() {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		qt := r.m.Tables[name]
		for _, poll := range qt.RelayPolls() {
			if r.relayInSnapshot(poll, qt.RelayMarks(poll)) {
				continue
			}
			d := analysis.Diagnostic{Pos: poll.Pos(), Message: relayMsg}
			if marks := qt.RelayMarks(poll); len(marks) > 0 && marks[0].Pos().IsValid() {
				d.Related = []analysis.RelatedInformation{{Pos: marks[0].Pos(), Message: "the UPDATE that marks the rows"}}
			}
			d.Related = append(d.Related, poll.Related()...)
			if d.Pos == token.NoPos {
				continue
			}
			r.pass.Report(d)
		}
	}
}

// relayInSnapshot reports whether a relay's poll runs in a transaction
// that also marks the rows and whose isolation is REPEATABLE READ or
// SERIALIZABLE (or may be: options the tool cannot read): of two relays
// that read the same rows, the second mark fails with SQLSTATE 40001 and
// its transaction rolls back.
func (r *runner) relayInSnapshot(poll *queuemodel.Statement, marks []*queuemodel.Statement) bool {
	pollAt := r.e.Call(poll.Call.Expr)
	tx := r.e.TxOf(pollAt)
	if tx == nil {
		return false
	}
	for _, m := range marks {
		if !r.e.SameTx(pollAt, r.e.Call(m.Call.Expr)) {
			continue
		}
		if tx.Isolation.Snapshot() || tx.Begin != nil && tx.Isolation == effects.IsoUnknown {
			return true
		}
	}
	return false
}

// advisoryLocked reports whether the package's SQL, or the module's, takes
// an advisory lock, session- or transaction-scoped: a relay run by one
// instance at a time, or by an elected leader. Which path takes it the
// tool does not follow: any such lock silences the relay's finding.
func (r *runner) advisoryLocked() bool {
	for _, c := range r.m.Calls {
		if advisoryLock.MatchString(c.SQL) {
			return true
		}
	}
	return r.m.ModuleTakesAdvisoryLock()
}
