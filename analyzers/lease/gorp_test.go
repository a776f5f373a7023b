package lease_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/lease"
)

// A claim made in a gorp Transaction (DbMap.Begin) and committed after the
// work is rolled back by a crash: no lease is needed.
func TestGorpTransaction(t *testing.T) {
	ruletest.Run(t, lease.Analyzer, "ok_gorptx")
}
