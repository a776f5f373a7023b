package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A batch poll that does not compare the attempt count, and a loop that
// passes over a row past the limit with nothing written.
func TestLimitSkipRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "limitskip", "limitskipelse")
}

// The poll leaves the rows out, the skip ends the row (a failed mark, a
// dead letter), a sweep ends the rows past the count, or the comparison
// skips nothing.
func TestLimitSkipAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_limitskippolled", "ok_limitskipdead", "ok_limitskipmoved", "ok_limitskipswept", "ok_limitskiplog", "ok_limitskipstats", "ok_limitskipinner")
}
