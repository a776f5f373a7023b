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

// The limit decides the value in a helper that returns on each side of
// the attempt comparison (ok_parkhelper); a helper that decides by the
// error (retryhelpererr), or caps the backoff past a number of attempts
// (backoffcaphelper), does not bound the retry.
func TestValueDecidedByHelper(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_parkhelper", "retryhelpererr", "backoffcaphelper")
}
