package claimrace

import (
	"maps"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

const (
	dueFix = "take the row before the work in one statement (DELETE FROM jobs WHERE id = (SELECT id ... WHERE run_at <= now() " +
		"ORDER BY run_at FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING ...), or with a compare-and-set whose row count is checked " +
		"before the work (UPDATE ... SET next_run_at = $3 WHERE id = $1 AND next_run_at = $2), or read the rows FOR UPDATE " +
		"in a transaction that lasts until the take, or run one scheduler at a time (pg_try_advisory_lock)"
	dueWorkFirst = "two schedulers run the same due job: each hands it to its work before either takes it\n" +
		"this SELECT reads the due rows with no lock that lasts until the take, so a second scheduler (another replica, " +
		"or the next tick while this one still works) reads the same rows, and both run each job before the DELETE or " +
		"UPDATE by key takes it; "
	dueUnchecked = "two schedulers take the same due job, and both run it\n" +
		"this SELECT reads the due rows with no lock that lasts until the take, and the take by key neither re-checks " +
		"that the row is still due nor looks at whether it matched a row, so the second scheduler to read the row takes " +
		"it too and runs it; "
)

// dueQueues reports the polls of due-time queues (see queuemodel's
// due.go) that nothing keeps two schedulers from taking the same row.
func (r *runner) dueQueues() {
	var polls []*queuemodel.Statement
	tables := map[*queuemodel.Statement]*queuemodel.QueueTable{}
	for _, name := range slices.Sorted(maps.Keys(r.m.Tables)) {
		qt := r.m.Tables[name]
		for _, poll := range qt.DuePolls() {
			polls, tables[poll] = append(polls, poll), qt
		}
	}
	if len(polls) == 0 || r.advisoryLocked() {
		return // one scheduler at a time, or a leader: the tool does not follow which path takes it
	}
	for _, poll := range polls {
		qt := tables[poll]
		if r.claimedFirst(qt, poll) {
			continue
		}
		for _, take := range qt.DueTakes(poll) {
			if msg := r.dueRace(qt, poll, take); msg != "" {
				d := analysis.Diagnostic{Pos: poll.Pos(), Message: msg + dueFix}
				d.Related = append([]analysis.RelatedInformation{{Pos: take.Pos(), Message: "the statement that takes the job"}}, poll.Related()...)
				r.pass.Report(d)
				break
			}
		}
	}
}

// claimedFirst reports whether a take that nothing races runs before the
// work: a compare-and-set that pushes the due time forward as the job's
// lease, checked before the work, or a DELETE whose row count is. The
// takes after the work (the DELETE that records success, the advance that
// puts a failed job back) then act on a job only its claimer holds.
func (r *runner) claimedFirst(qt *queuemodel.QueueTable, poll *queuemodel.Statement) bool {
	for _, take := range qt.DueTakes(poll) {
		if !take.WorkFirst && r.dueRace(qt, poll, take) == "" {
			return true
		}
	}
	return false
}

// dueRace returns what goes wrong when two schedulers read the same due
// row and take it, or "" when one of them cannot.
func (r *runner) dueRace(qt *queuemodel.QueueTable, poll *queuemodel.Statement, take queuemodel.DueTake) string {
	pollAt, takeAt := r.e.Call(poll.Call.Expr), r.e.Call(take.Call.Expr)
	if poll.Lock != nil && poll.Call.Receiver == queuemodel.RecvTx && r.e.TxOf(pollAt) != nil && r.e.SameTx(pollAt, takeAt) {
		return "" // the row lock lasts until the take: a second scheduler waits for it, or skips the row
	}
	if poll.Lock != nil && poll.Call.Receiver == queuemodel.RecvUnknown {
		return "" // the lock lasts as long as what its caller runs it on: not for the tool to say
	}
	if take.WorkFirst {
		return dueWorkFirst
	}
	if take.ResultChecked() && (take.Kind == sqlcheck.KindDelete || comparesAll(take.Where, qt.DueColumns)) {
		return "" // a compare-and-set: only one take matches the row, and the code looks at which
	}
	return dueUnchecked
}

// comparesAll reports whether a take compares every due column: a row
// due by either of two deadlines and taken with a compare of one only
// matches the second take too when the deadline that passed was the
// other one and the first take left the compared one as it was.
func comparesAll(where []sqlcheck.Pred, cols []string) bool {
	return !slices.ContainsFunc(cols, func(col string) bool { return !filtersOn(where, col) })
}

// filtersOn reports whether a WHERE compares a column, in an OR branch
// too: UPDATE ... WHERE id = $1 AND next_run_at = $2.
func filtersOn(where []sqlcheck.Pred, col string) bool {
	for _, p := range where {
		if p.Column == col || filtersOn(slices.Concat(p.Branches...), col) {
			return true
		}
	}
	return false
}
