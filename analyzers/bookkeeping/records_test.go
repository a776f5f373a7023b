package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// The outcome written to a job record (see queuemodel.JobRecord) after
// the work is a bookkeeping write: a failure of it that ends the worker is
// reported, one logged is not; a failure of the write before the work
// ends nothing that was done.
func TestRecords(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "record_fatal", "record_fatal/store", "ok_record_logged", "ok_record_logged/store", "ok_record_unacked", "ok_record_unacked/store")
}

// A job record's outcome whose state is a field its caller set (failed
// or completed, in two branches) is a completion: its error dropped is
// reported, logged it is not, and a dropped write of a failure only is
// left alone.
func TestRecordOutcomeDropped(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "record_dropped", "record_dropped/store", "ok_record_dropped", "ok_record_dropped/store")
}
