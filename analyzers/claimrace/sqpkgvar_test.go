package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Squirrel builders started from a package variable of the module's
// database package: the racy claim is reported, the atomic one is not.
func TestSquirrelPackageVar(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "sqvar/race", "sqvar/ok")
}
