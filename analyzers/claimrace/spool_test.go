package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Delete-on-done queues (a row is a pending job: read by due time, deleted
// once its work succeeded, its due time pushed forward when it failed):
// an unlocked read then work then DELETE is two workers sending the same
// mail; a compare-and-set that pushes the due time forward before the
// work (the due time is the lease), a row lock held in a transaction until
// the DELETE, and a DELETE ... RETURNING that takes the rows are each one
// worker per job (TestSpoolEvidenceOnPostgreSQL).
func TestDeleteOnDone(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "spool_unlocked", "spool_nulldue")
}

func TestDeleteOnDoneAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_spool_lease", "ok_spool_skiplocked_tx", "ok_spool_deletereturning", "ok_due_null_othercol")
}
