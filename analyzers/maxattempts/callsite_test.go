package maxattempts_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
	"github.com/jobqlint/jobqlint/analyzers/maxattempts"
)

// A state set in a struct's field before the call of the helper that
// binds it, judged per call: a retry with no limit.
func TestCallSiteFieldsRejected(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "fieldsave")
}

// The same helper given a failed state at the limit and queued below it.
func TestCallSiteFieldsAccepted(t *testing.T) {
	ruletest.Run(t, maxattempts.Analyzer, "ok_fieldsave", "ok_fieldcreate", "ok_fieldcreatetx", "ok_fieldsaveconfig", "ok_fieldhook")
}
