package lease_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// Job records (PostgreSQL holds the record of a job a broker or a channel
// fed the worker) left running by a dead worker, with nothing to move them
// back.
func TestRecordsRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "record_redis", "record_redis/store", "record_chan", "record_sqlc", "record_sqlc/db", "record_iface", "record_iface/store", "record_retry", "record_retry/store",
		"record_hops", "record_hops/store", "record_hops/db", "record_hops/jobs", "record_queuedelsewhere",
		"record_deep", "record_deep/store", "record_methodvalue", "record_methodvalue/store", "record_memtwin", "record_memtwin/store",
		"record_eachjob/store", "record_eachjob/pool", "record_eachjob/service")
}

// Job records a dead worker does not strand, and tables that are no job
// record.
func TestRecordsAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_record_crud", "ok_record_crud/store", "ok_record_swept", "ok_record_swept/store",
		"ok_record_recovery", "ok_record_recovery/store", "ok_record_acked", "ok_record_acked/store", "ok_record_audit",
		"ok_record_localreset", "ok_record_localreset/store", "ok_record_goreset", "ok_record_goreset/store", "ok_record_goreset/store/sweeper",
		"ok_record_hops", "ok_record_hops/store", "ok_record_hops/db", "ok_record_hops/jobs", "ok_record_queued",
		"ok_record_deepswept", "ok_record_deepswept/store", "ok_record_deephttp", "ok_record_deephttp/store", "ok_record_memtwin", "ok_record_memtwin/store",
		"ok_record_eachjob/store", "ok_record_eachjob/pool", "ok_record_eachjob/service",
		"ok_record_eachjobhttp/store", "ok_record_eachjobhttp/pool", "ok_record_eachjobhttp/service",
		"ok_record_helperreset/store", "ok_record_helperreset/pool", "ok_record_helperreset/service")
}

// A worker marks a task processing through a store's UpdateStatus given
// a constant, and writes the outcome with the rest of the row through
// UpdateAfterProcessing(ctx, t), whose state is the Status field it set
// in two branches (failed, completed): the outcome is found on the same
// key (t.ID, and the ID field of the t it passes), and the record is
// judged. Accepted when a reaper package nothing imports puts processing
// tasks back.
func TestFieldOutcomeRecord(t *testing.T) {
	for _, mod := range []string{"fieldoutcomemod", "ok_fieldoutcomemod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}

// Job records on a table the store polls itself, with no claim: the
// store lists pending rows (its state bound from a constant, status =
// $1) and the worker takes each with a record write, through the
// repository's interface with a retry count beside the state
// (polledrecordmod), or by saving the whole row after setting its State
// field (fullrowrecordmod). The store's own statements are read with the
// constants it binds, so its poll of pending rows is no reclaim of
// running ones. Accepted with a reaper package nothing imports, or when
// the store's poll also lists running rows left for fifteen minutes.
func TestPolledRecord(t *testing.T) {
	for _, mod := range []string{"polledrecordmod", "ok_polledrecordmod", "fullrowrecordmod", "ok_fullrowrecordmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}

// A service's exported Evaluate marks an evaluation processing, runs the
// model and saves the outcome, and nothing in its package calls it: the
// worker of another package that runs it for each id a channel feeds
// holds the job record, reported at its call. An HTTP handler that runs
// it once per request, and a command that runs it once, are no workers.
// Accepted with a reaper package that nothing imports.
func TestRunnerRecord(t *testing.T) {
	for _, mod := range []string{"runnerrecordmod", "ok_runnerrecordmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}

// A store's INSERT binds a task's state from the task it is given, and
// the package that builds the task (&models.Task{Status:
// models.StatusPending}) is one the store's does not import: the module's
// composite literals give the state records are created in, and the
// worker's record is judged. Accepted when a literal sets the state to
// what a client sends: the tool cannot tell the state tasks are created
// in.
func TestLiteralInitialRecord(t *testing.T) {
	for _, mod := range []string{"literalrecordmod", "ok_literalrecordmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}
