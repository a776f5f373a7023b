package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A store's FailTask(ctx, id, msg, retryAt *time.Time) retries when its
// caller gives a time and fails for good on nil: a worker that always
// gives one retries with no limit, reported at its call.
func TestNilDecidesRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "xstorenil", "xworkernil")
}

// A worker that gives a time only while attempts are left.
func TestNilDecidesAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "xstorenil", "ok_xworkernil")
}
