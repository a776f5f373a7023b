package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim that records its worker, when a statement takes the rows of a
// worker over (keyed on the worker column compared with another worker's
// id, the liveness decision made in Go: ovh/utask's instance collector),
// leaves a way back; a statement that only re-takes the caller's own rows
// does not, nor one that moves only rows in a runnable state off a worker,
// nor a release that writes NULL for the worker.
func TestWorkerTakeover(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_workertakeover", "ownrowsonly", "takeoverqueued", "releaseonly")
}
