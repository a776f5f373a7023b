package bookkeeping_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/bookkeeping"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// A save whose state the caller set in the struct's field, judged at each
// call by the state that call gives: a dropped error of the save that
// marks the job done is reported.
func TestCallSiteFieldsDiscarded(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "discarded_fieldsave")
}

// A dropped error of the same save where that call writes a progress
// state records no outcome; a save that logs its own failure returns no
// error of it to drop.
func TestCallSiteFieldsProgressAccepted(t *testing.T) {
	ruletest.Run(t, bookkeeping.Analyzer, "ok_discarded_fieldfail", "ok_discarded_fieldlogs")
}
