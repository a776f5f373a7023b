package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// The attempt limit decides a value the retry is given (its time: parked
// a century ahead past the limit) rather than whether it runs: bounded.
func TestValueDecidedAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_parkdelay")
}

// A delay decided by the error, and a value the limit decides that never
// reaches the retry: still retries with no limit.
func TestValueDecidedRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "retrydelay", "retrynote")
}
