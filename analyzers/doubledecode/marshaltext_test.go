package doubledecode_test

import (
	"testing"

	"github.com/jobqlint/jobqlint/analyzers/doubledecode"
	"github.com/jobqlint/jobqlint/analyzers/internal/ruletest"
)

// Bytes of unknown content marshalled into a JSON string for something
// other than a payload (a response body written into generated
// JavaScript) are text, and meant to be.
func TestMarshalTextAccepted(t *testing.T) {
	ruletest.Run(t, doubledecode.Analyzer, "ok_marshal_text")
}
