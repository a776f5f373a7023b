package jobrecords_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/jobrecords"
	"github.com/jobqlint/jobqlint/analyzers/queuemodel"
)

// A worker fed ids by a channel moves a job's record by key through a
// store's function that binds the state its callers give: the store's
// function is a record write, and the worker's loop a job record, with
// its states; an HTTP handler's writes and writes on two keys are none.
func TestJobRecord(t *testing.T) {
	results := ruletest.Run(t, jobrecords.Analyzer, "jobrecord", "jobrecord/store")
	byPkg := map[string]*queuemodel.Model{}
	for _, r := range results {
		byPkg[r.Pass.Pkg.Path()] = r.Pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	}
	require.Empty(t, byPkg["jobrecord/store"].JobRecords())
	m := byPkg["jobrecord"]
	require.Len(t, m.JobRecords(), 1)
	r := m.JobRecords()[0]
	fset := results[0].Pass.Fset
	require.Equal(t, "public.jobs", r.Table)
	require.Equal(t, "status", r.Column)
	require.Equal(t, []string{"queued"}, r.Initial)
	require.Equal(t, "running", r.Take.State)
	require.Equal(t, 14, fset.Position(r.Take.Call.Pos()).Line)
	require.Len(t, r.Ends, 2)
	require.Equal(t, "failed", r.Ends[0].State)
	require.True(t, r.Ends[0].Fails)
	require.False(t, r.Ends[0].Succeeds)
	require.Equal(t, "done", r.Ends[1].State)
	require.True(t, r.Ends[1].Succeeds)
	require.Equal(t, []string{"queued", "running", "failed", "done"}, r.States())
	end, ok := m.RecordEnd(r.Ends[1].Call)
	require.True(t, ok)
	require.Equal(t, "done", end.State)
	_, ok = m.RecordEnd(r.Take.Call)
	require.False(t, ok, "the running write is no outcome")
}

// Functions that only pass a record write's key and state on (through
// sqlc's parameter struct, an unexported hop, with the error wrapped) are
// record writes; those that do anything else are not.
func TestForwardedRecordWrites(t *testing.T) {
	results := ruletest.Run(t, jobrecords.Analyzer, "recordhops/db", "recordhops/store", "recordhops")
	var got []string
	for _, r := range results {
		if r.Pass.Pkg.Path() != "recordhops/store" {
			continue
		}
		m := r.Pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
		for fn, w := range m.RecordWrites() {
			got = append(got, fn.Name()+": "+w.String())
		}
	}
	slices.Sort(got)
	require.Equal(t, []string{
		"SetStatus: record write public.jobs.status = arg 2 by arg 1",
		"Start: record write public.jobs.status = running by arg 1",
		"set: record write public.jobs.status = arg 2 by arg 1",
	}, got)
}

// A store that polls its table and claims nothing leaves the take to its
// callers' record writes: the worker's writes make the table a job
// record, and the store's facts say what its own statements pick
// (pending only, status = $1 bound to Pending). A store that claims the
// table's jobs itself keeps its queue: its worker's writes are no record.
func TestRecordOnQueueTable(t *testing.T) {
	results := ruletest.Run(t, jobrecords.Analyzer, "polledrecord/store", "polledrecord", "claimedrecord/store", "claimedrecord")
	byPkg := map[string]*queuemodel.Model{}
	for _, r := range results {
		byPkg[r.Pass.Pkg.Path()] = r.Pass.ResultOf[queuemodel.Analyzer].(*queuemodel.Model)
	}
	require.Len(t, byPkg["polledrecord/store"].RecordWrites(), 1)
	for fn, w := range byPkg["polledrecord/store"].RecordWrites() {
		require.Equal(t, "SetStatus", fn.Name())
		require.False(t, w.Queue)
		require.Equal(t, []string{"pending"}, w.Held)
		require.False(t, w.HeldAny)
		require.Len(t, w.Own, 3, "the INSERT, the poll and the UPDATE")
	}
	records := byPkg["polledrecord"].JobRecords()
	require.Len(t, records, 1)
	require.Equal(t, "processing", records[0].Take.State)
	require.NotNil(t, records[0].Store)
	require.Len(t, byPkg["claimedrecord/store"].RecordWrites(), 1)
	for _, w := range byPkg["claimedrecord/store"].RecordWrites() {
		require.True(t, w.Queue)
		require.True(t, w.HeldAny, "the reclaim compares locked_until with the clock")
	}
	require.Empty(t, byPkg["claimedrecord"].JobRecords())
}
