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

// Completions dropped through functions that pass the write's error on
// (per-function summaries: queuemodel's Jobs.Passes, read on SSA): the
// worker's own store methods, as they are or wrapped, with the claim in
// the caller; an error variable overwritten before it is read; a method
// of several outcomes called once the work succeeded; another package's
// store, through facts.
func TestDiscardedThroughHelpersRejected(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_helper", "discarded_overwritten", "discarded_aftersuccess", "discarded_passes", "discarded_handedon")
}

// Helpers and stores that log the error before they return it, or return
// none; dropped failure writes, and a write of either outcome dropped on
// the failure path.
func TestDiscardedThroughHelpersAccepted(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_discarded_helperlogs", "ok_discarded_passes")
}

// An outbox whose state is a nullable timestamp: pending while
// published_at IS NULL, published once the mark sets it to the clock (read
// in UTC: now() AT TIME ZONE 'utc'). The mark's error dropped is reported;
// checked, it is not, and a timestamp that is no state (updated_at) is no
// completion.
func TestDiscardedNullMarker(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_nullmark", "ok_discarded_nullmark")
}

// A function that claims a job and returns its completion's error among
// others (the claim's): a caller that drops its error, directly or through
// a helper that passes it on, drops the completion's. Accepted: the caller
// logs it; the function logs the completion's error itself, or returns
// only a failure write's.
func TestDiscardedCarried(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_carried", "ok_discarded_carried")
}

// A completion's error that reaches the caller through the Scan of an
// UPDATE ... RETURNING, or through the Commit of the transaction the
// store's method begins (returned from a function that defers its
// Rollback): dropped, it is reported; checked, logged by the store, or
// the transaction's a failure's, it is not.
func TestDiscardedThroughScanAndCommit(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_tx", "ok_discarded_tx")
}
