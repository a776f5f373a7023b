package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Queues whose statements all go through a database type of another
// module (example.com/platform/pgdb), read by its methods' signatures: an
// unlocked relay is reported as on database/sql itself, and so is a claim
// in two steps whose squirrel builders a module over pgx starts
// (example.com/platform/pgxdb).
func TestDependencyWrapperRejected(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "relay_depwrapper", "sq_depwrapper_race")
}

// The correct designs through the same module: a relay that locks its
// batch in the module's transaction, a claim in one statement, and the
// two-step claim whose UPDATE keeps only a job still queued.
func TestDependencyWrapperAccepted(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "ok_relay_depwrapper_tx", "ok_depwrapper_claim", "ok_sq_depwrapper")
}
