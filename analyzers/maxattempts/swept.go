package maxattempts

import (
	"slices"

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
