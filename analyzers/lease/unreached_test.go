package lease_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// An application's reclaim that nothing calls (the worker's interface
// declares it, a double implements it) takes nothing back: the claim's
// lease is reported, naming it.
func TestUnreachedReclaimRejected(t *testing.T) {
	analysistest.Run(t, filepath.Join(analysistest.TestData(), "deadreclaimmod"), lease.Analyzer, "./...")
}

// Reclaims that run: on the worker's ticker, through its interface; as a
// method value a command hands to a scheduler; unexported, from the
// store's own janitor loop; exported by a library (a package other modules
// import) for its users, whose example command does not run it; in a SQL
// function the database runs, created by a method nothing calls.
func TestUnreachedReclaimAccepted(t *testing.T) {
	for _, mod := range []string{"ok_tickerreclaimmod", "ok_methodvaluemod", "ok_ownreclaimmod", "ok_libreclaimmod", "ok_sqlfuncreclaimmod"} {
		t.Run(mod, func(t *testing.T) {
			analysistest.Run(t, filepath.Join(analysistest.TestData(), mod), lease.Analyzer, "./...")
		})
	}
}

// Outside module mode the tool reads the package's directory, not the
// module: the command that runs the reclaim is out of sight (only one that
// does not is under the directory), and the reclaim still counts.
func TestUnreachedReclaimOutsideModuleAccepted(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_gopathreclaim/internal/store")
}

// A reset of every in-flight job, run once as the worker starts, is no
// reclaim (see rule.txtar): the claim with no lease is reported.
func TestStartupResetRejected(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "resetatstart")
}
