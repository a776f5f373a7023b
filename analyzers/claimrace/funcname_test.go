package claimrace_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/claimrace"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A queue's table named by a method of the module from a prefix and a
// queue name its caller gives: the claim on it is read, racy or locked.
func TestTableNamedByFunction(t *testing.T) {
	ruletest.Run(t, claimrace.Analyzer, "gofuncname", "ok_gofuncname")
}
