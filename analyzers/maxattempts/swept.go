package maxattempts

import (
	"slices"
	"strings"

	"github.com/jobqlint/jobqlint/analyzers/internal/attempts"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
	"github.com/jobqlint/jobqlint/sqlcheck"
)

// countSwept reports whether a retry that leaves the state alone (it only
// counts the attempt) is bounded by a sweep: a statement of the table
// that moves the rows whose count reached a limit out of the runnable
// states, or deletes them (UPDATE outbox SET status = 'dead' WHERE
// status = 'pending' AND attempts >= 5).
func countSwept(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	if _, sets := r.Assigns(qt.StateColumn); sets {
		return false
	}
	for _, st := range qt.Statements {
		if st == r || !sqlGuard(st.Stmt, sqlcheck.OpGe, sqlcheck.OpGt) {
			continue
		}
		if st.Kind == sqlcheck.KindDelete {
			return true
		}
		if v, ok := st.Assigns(qt.StateColumn); ok && v.Kind == sqlcheck.ValueConst && !slices.Contains(qt.Runnable, v.Str) {
			return true
		}
	}
	return false
}

// setGuard reports whether a retry decides in its own SET that the
// attempts ran out: it sets a column the poll reads from a comparison of
// the attempt count (failed = (tries + 1 >= $1), the poll taking only
// failed = false). A comparison that picks a backoff (run_at = now() +
// CASE WHEN attempts < 3 ...) sets nothing the poll reads.
func setGuard(qt *queuemodel.QueueTable, r *queuemodel.Statement) bool {
	for _, a := range r.Set {
		if attempts.Mentioned(a.Value.Text) && strings.ContainsAny(a.Value.Text, "<>") && pollReads(qt, a.Column) {
			return true
		}
	}
	return false
}

// pollReads reports whether a poll of the table filters on col.
func pollReads(qt *queuemodel.QueueTable, col string) bool {
	for _, st := range qt.Statements {
		for _, poll := range st.Polls {
			if poll.Table == qt.Name && slices.ContainsFunc(poll.Where, func(p sqlcheck.Pred) bool { return p.Column == col }) {
				return true
			}
		}
	}
	return false
}
