package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A job put back for later with its attempt given back (attempt - 1) was
// deferred, not retried: nothing ran, so no limit applies. The same
// statement counting one more attempt is a retry with no limit.
func TestDeferralThatGivesTheAttemptBack(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_defergivesback", "defernogive")
}
