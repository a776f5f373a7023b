package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A completion whose error nobody reads: the SQL call made as a statement,
// a store's method assigned to a blank.
func TestDiscardedRejected(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_sql", "discarded_store")
}

// Completions whose error is checked, or handled by the worker's own
// helper; a dropped retry, which the reclaimer covers; a store method that
// returns no error; a progress mark; a write no claim precedes (an admin
// endpoint's).
func TestDiscardedAccepted(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_discarded_checked", "ok_discarded_void", "ok_discarded_progress", "ok_discarded_noclaim")
}
