package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Due-time queues (a table with no state: due rows read by time, taken by
// a DELETE or an advance of the time column by key): two schedulers read
// the same due row and both run it (TestDueEvidenceOnPostgreSQL).
func TestDueQueues(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "due_delete_pgx", "due_cron_sql", "due_take_unchecked", "due_store",
		"due_cron_nocompare", "due_workfirst_checked", "due_tx_unlocked", "due_go_handler", "due_join", "due_store_iface", "due_skiplocked_pool")
}

// The designs that let one scheduler take a due row, and tables read by
// time that are no queue: a purge that hands nothing on, a listing.
func TestDueQueuesAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_due_skiplocked", "ok_due_cas", "ok_due_delete_checked", "ok_due_tx", "ok_due_advisory",
		"ok_due_purge", "ok_due_report", "ok_due_otherkey", "ok_due_archive", "ok_due_counter", "ok_due_statequeue", "ok_due_join_column", "ok_due_forupdate", "ok_due_adapter")
}

// The clock bound as a Go value in a column's form (Unix seconds,
// Format's text) reads due rows as time.Now() does; a time ahead of it in
// the same forms does not. A due read that also filters a state which a
// statement of the package moves to another constant is a queue with a
// state, even when the tool names no state column: the advance of its due
// time is no take.
func TestDueGoForms(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "due_goforms", "ok_due_goforms_ahead", "ok_due_stateunnamed")
}
