package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A failure that pushes the due time ahead, keeping the error or counting
// the attempt, with nothing comparing the count with a limit: retried for
// ever.
func TestDueRetryRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "dueretry")
}

// The same retry in the default case of a switch whose earlier case
// fails the job once the attempts reach the limit.
func TestDueRetryAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_dueswitch")
}
