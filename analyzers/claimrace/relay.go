package claimrace

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/sqlcheck"
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
// lock (a locked poll makes a claim) and is not serialised by an
// advisory lock. A snapshot transaction (REPEATABLE READ, SERIALIZABLE)
// around the poll and the mark does not keep two relays apart: the second
// one's mark fails with 40001 only after it has handed the rows on.
func (r *runner) relays() {
	names := make([]string, 0, len(r.m.Tables))
	for name, qt := range r.m.Tables {
		if qt.Relay() {
			names = append(names, name)
		}
	}
	// Asked only of a package with a relay: the module's SQL is read from
	// disk, once per process, which under go vet is once per package.
	if len(names) == 0 || r.advisoryLocked() {
		return // one relay at a time, or a leader: the tool does not follow which path takes it
	}
	slices.Sort(names)
	for _, name := range names {
		qt := r.m.Tables[name]
		for _, poll := range qt.RelayPolls() {
			if qt.RelayAtCallers(poll) {
				continue // judged where it is called, with the mark (see splitClaims)
			}
			d := analysis.Diagnostic{Pos: poll.Pos(), Message: relayMsg}
			if marks := qt.RelayMarks(poll); len(marks) > 0 && marks[0].Pos().IsValid() {
				how := "the UPDATE that marks the rows"
				if marks[0].Kind == sqlcheck.KindDelete {
					how = "the DELETE that removes the rows once handed on" // a relay with no marker
				}
				d.Related = []analysis.RelatedInformation{{Pos: marks[0].Pos(), Message: how}}
			}
			d.Related = append(d.Related, poll.Related()...)
			if d.Pos == token.NoPos {
				continue
			}
			r.pass.Report(d)
		}
	}
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
